import type { Readable } from 'node:stream';
import { ReplaySubject, type Observable } from 'rxjs';
import { LineSplitter } from './line-splitter.js';

/** Lines replayed to a late subscriber of {@link StderrCollector.lines$}. */
export const STDERR_REPLAY_LINES = 50;
const TAIL_LINES = 5;
const TAIL_LINE_CHARS = 500;

/**
 * Turns a child's stderr into lines (bounded per line, the rest of an overlong line dropped),
 * replays the last {@link STDERR_REPLAY_LINES} to late subscribers, and keeps a short tail to
 * explain an unexpected exit.
 */
export class StderrCollector {
  private readonly subject = new ReplaySubject<string>(STDERR_REPLAY_LINES);
  private readonly splitter: LineSplitter;
  private readonly recent: string[] = [];
  private input?: Readable;

  /** Every stderr line; completes when the stream ends. */
  readonly lines$: Observable<string> = this.subject.asObservable();

  constructor(maxLineBytes: number) {
    this.splitter = new LineSplitter(
      {
        line: (text) => this.emit(text),
        oversized: (max) => this.emit(`[stderr line over ${max} bytes dropped]`),
      },
      maxLineBytes,
    );
  }

  /** Starts reading `stderr`. */
  attach(stderr: Readable): void {
    this.input = stderr;
    stderr.on('data', this.onData);
    stderr.on('end', this.onEnd);
    stderr.on('error', ignore);
  }

  /** The last few lines, joined (for error messages); empty when there were none. */
  tail(): string {
    return this.recent.join(' | ');
  }

  /** Flushes a last unterminated line and completes {@link lines$}. Idempotent. */
  complete(): void {
    if (this.input) {
      this.input.off('data', this.onData);
      this.input.off('end', this.onEnd);
      this.input = undefined;
      this.splitter.end();
    }
    this.subject.complete();
  }

  private emit(line: string): void {
    this.recent.push(line.length > TAIL_LINE_CHARS ? `${line.slice(0, TAIL_LINE_CHARS)}…` : line);
    if (this.recent.length > TAIL_LINES) this.recent.shift();
    this.subject.next(line);
  }

  private readonly onData = (chunk: Buffer | string): void => this.splitter.push(chunk);

  private readonly onEnd = (): void => this.splitter.end();
}

function ignore(): void {}
