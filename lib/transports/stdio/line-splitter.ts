/** Default bound on one line (one JSON-RPC message) read from a stdio stream: 4 MiB. */
export const DEFAULT_MAX_LINE_BYTES = 4 * 1024 * 1024;

const NEWLINE = 0x0a;

/** What a {@link LineSplitter} reports. */
export interface LineSplitterHandlers {
  /** One complete line: UTF-8 decoded, without its `\n` and trailing `\r`; never blank. */
  line(text: string): void;
  /**
   * A line went past the size bound. Called once per such line, as soon as the bound is crossed;
   * the rest of the line is dropped as it arrives (it is never buffered whole).
   */
  oversized(maxLineBytes: number): void;
}

/**
 * Newline-delimited framing on raw bytes, as stdio MCP uses it: splits on `\n`, strips a trailing
 * `\r`, ignores blank lines, and bounds the bytes held for one line. Splitting happens on bytes
 * (a `\n` byte never occurs inside a multi-byte UTF-8 character), so chunks may cut characters
 * anywhere; each line is decoded once it is complete.
 */
export class LineSplitter {
  private parts: Buffer[] = [];
  private pendingBytes = 0;
  private discarding = false;

  /** @throws RangeError when `maxLineBytes` is not a positive integer. */
  constructor(
    private readonly handlers: LineSplitterHandlers,
    readonly maxLineBytes: number = DEFAULT_MAX_LINE_BYTES,
  ) {
    if (!Number.isInteger(maxLineBytes) || maxLineBytes <= 0) {
      throw new RangeError('maxLineBytes must be a positive integer');
    }
  }

  /** Bytes held for the current, unfinished line. */
  get bufferedBytes(): number {
    return this.pendingBytes;
  }

  /** Feeds a chunk (a string is taken as UTF-8). */
  push(chunk: Buffer | string): void {
    const bytes = typeof chunk === 'string' ? Buffer.from(chunk, 'utf8') : chunk;
    let start = 0;
    while (start < bytes.length) {
      const newline = bytes.indexOf(NEWLINE, start);
      const end = newline === -1 ? bytes.length : newline;
      this.take(bytes.subarray(start, end), newline !== -1);
      start = end + 1;
    }
  }

  /** Ends the input: a last line without a terminating `\n` is delivered too. */
  end(): void {
    if (this.discarding) {
      this.discarding = false;
      return;
    }
    this.emit();
  }

  private take(segment: Buffer, complete: boolean): void {
    if (this.discarding) {
      // The rest of an oversized line: dropped; its end re-arms the splitter.
      if (complete) this.discarding = false;
      return;
    }
    if (this.pendingBytes + segment.length > this.maxLineBytes) {
      this.parts = [];
      this.pendingBytes = 0;
      this.discarding = !complete;
      this.handlers.oversized(this.maxLineBytes);
      return;
    }
    if (segment.length > 0) {
      this.parts.push(segment);
      this.pendingBytes += segment.length;
    }
    if (complete) this.emit();
  }

  private emit(): void {
    const parts = this.parts;
    const length = this.pendingBytes;
    this.parts = [];
    this.pendingBytes = 0;
    if (length === 0) return;
    let text = (parts.length === 1 ? parts[0] : Buffer.concat(parts, length)).toString('utf8');
    if (text.endsWith('\r')) text = text.slice(0, -1);
    if (text.trim() !== '') this.handlers.line(text);
  }
}
