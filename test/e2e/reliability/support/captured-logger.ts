import type { LoggerService } from '@nestjs/common';

/** One line a {@link CapturedLogger} received. */
export interface CapturedLine {
  level: 'log' | 'error' | 'warn' | 'debug' | 'verbose' | 'fatal';
  message: string;
  /** The stack Nest passes with `error(message, stack, context)`. */
  trace?: string;
  context?: string;
}

/** A Nest logger that keeps every line, at every level, for a test to read. */
export class CapturedLogger implements LoggerService {
  readonly lines: CapturedLine[] = [];

  log(message: unknown, context?: string): void {
    this.keep('log', message, undefined, context);
  }
  error(message: unknown, trace?: string, context?: string): void {
    this.keep('error', message, trace, context);
  }
  warn(message: unknown, context?: string): void {
    this.keep('warn', message, undefined, context);
  }
  debug(message: unknown, context?: string): void {
    this.keep('debug', message, undefined, context);
  }
  verbose(message: unknown, context?: string): void {
    this.keep('verbose', message, undefined, context);
  }
  fatal(message: unknown, context?: string): void {
    this.keep('fatal', message, undefined, context);
  }

  /** The lines of one logger context (e.g. `McpServer`). */
  of(context: string): CapturedLine[] {
    return this.lines.filter((line) => line.context === context);
  }

  private keep(level: CapturedLine['level'], message: unknown, trace?: string, context?: string) {
    const text = message instanceof Error ? message.message : String(message);
    this.lines.push({ level, message: text, trace, context });
  }
}
