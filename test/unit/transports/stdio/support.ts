import { PassThrough, Writable } from 'node:stream';

/**
 * A Writable whose consumer is stopped until {@link release}: it holds each chunk's callback, so
 * its buffer fills and `write()` reports backpressure, like a pipe nobody reads.
 */
export class HeldWritable extends Writable {
  readonly chunks: string[] = [];
  private held: Array<() => void> = [];
  private holding = true;

  constructor(highWaterMark = 64) {
    super({ highWaterMark });
  }

  override _write(chunk: Buffer, _encoding: BufferEncoding, callback: () => void): void {
    this.chunks.push(chunk.toString('utf8'));
    if (this.holding) this.held.push(callback);
    else callback();
  }

  /** Lets the consumer read everything, now and later. */
  release(): void {
    this.holding = false;
    const held = this.held;
    this.held = [];
    for (const callback of held) callback();
  }

  /** Everything written so far, as parsed JSON lines. */
  lines(): unknown[] {
    return this.chunks
      .join('')
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as unknown);
  }
}

/** Collects what a PassThrough output receives, as text and as parsed JSON lines. */
export class OutputCollector {
  private text = '';

  constructor(readonly stream = new PassThrough()) {
    stream.on('data', (chunk: Buffer) => (this.text += chunk.toString('utf8')));
  }

  /** Raw text written so far. */
  get raw(): string {
    return this.text;
  }

  /** Every complete line, parsed. */
  messages(): Array<Record<string, unknown>> {
    return this.text
      .split('\n')
      .filter((line) => line !== '')
      .map((line) => JSON.parse(line) as Record<string, unknown>);
  }
}

/** Waits macrotask by macrotask until `probe` returns something (bounded). */
export async function until<T>(probe: () => T | undefined | false, what = 'condition'): Promise<T> {
  for (let i = 0; i < 500; i++) {
    const value = probe();
    if (value !== undefined && value !== false) return value;
    await new Promise((resolve) => setImmediate(resolve));
  }
  throw new Error(`timed out waiting for ${what}`);
}

/** Polls `probe` every 10 ms until it returns something, for at most `timeoutMs` (child processes). */
export async function eventually<T>(
  probe: () => T | undefined | false,
  what = 'condition',
  timeoutMs = 5000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = probe();
    if (value !== undefined && value !== false) return value;
    if (Date.now() > deadline)
      throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}
