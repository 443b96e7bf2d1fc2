import type { LoggerService } from '@nestjs/common';

/**
 * A Nest logger that keeps everything the app logged, at every level, with every argument: strings
 * as given, errors with their stack, anything else as JSON. What the no-secrets checks search
 * (a token inside a logged object or a stack must show here, not as `[object Object]`).
 */
export class CapturingLogger implements LoggerService {
  readonly lines: string[] = [];
  private push = (...parts: unknown[]) => {
    this.lines.push(
      parts
        .map((p) =>
          typeof p === 'string'
            ? p
            : p instanceof Error
              ? `${p.message} ${p.stack}`
              : JSON.stringify(p),
        )
        .join(' '),
    );
  };
  log = this.push;
  error = this.push;
  warn = this.push;
  debug = this.push;
  verbose = this.push;
  fatal = this.push;

  /** Every line, one string: what a secret must not be found in. */
  text(): string {
    return this.lines.join('\n');
  }
}
