import type { LoggerService } from '@nestjs/common';

/** A Nest logger that keeps `[context] message` lines instead of printing them. */
export class RecordingLogger implements LoggerService {
  readonly lines: string[] = [];

  log(message: unknown, context?: string): void {
    this.record(message, context);
  }

  error(message: unknown, ...rest: unknown[]): void {
    this.record(message, typeof rest.at(-1) === 'string' ? (rest.at(-1) as string) : undefined);
  }

  warn(message: unknown, context?: string): void {
    this.record(message, context);
  }

  debug(message: unknown, context?: string): void {
    this.record(message, context);
  }

  verbose(message: unknown, context?: string): void {
    this.record(message, context);
  }

  /** Lines of one context (without the `[context] ` prefix). */
  of(context: string): string[] {
    const prefix = `[${context}] `;
    return this.lines.filter((l) => l.startsWith(prefix)).map((l) => l.slice(prefix.length));
  }

  private record(message: unknown, context?: string): void {
    this.lines.push(`[${context ?? ''}] ${String(message)}`);
  }
}
