import { ConsoleLogger, type ConsoleLoggerOptions, type LogLevel } from '@nestjs/common';

/**
 * Nest's `ConsoleLogger`, writing every level to stderr: on a stdio MCP server stdout carries
 * protocol messages only. Colours are on only when stderr is a terminal (desktop clients usually
 * capture stderr into a log file) and `NO_COLOR` is unset, unless `colors` says otherwise.
 * @example
 * ```ts
 * const app = await NestFactory.createApplicationContext(AppModule, { logger: new StderrLogger() });
 * ```
 */
export class StderrLogger extends ConsoleLogger {
  constructor(options: ConsoleLoggerOptions = {}) {
    super({
      ...options,
      colors: options.colors ?? (Boolean(process.stderr.isTTY) && !process.env.NO_COLOR),
    });
  }

  protected override printMessages(
    messages: unknown[],
    context?: string,
    logLevel?: LogLevel,
    _writeStreamType?: 'stdout' | 'stderr',
    // errorStack, then (Nest 12 only) params: passed on as they came, so Nest 11 and 12 both fit.
    ...rest: unknown[]
  ): void {
    const print = super.printMessages as (this: ConsoleLogger, ...args: unknown[]) => void;
    print.call(this, messages, context, logLevel, 'stderr', ...rest);
  }
}
