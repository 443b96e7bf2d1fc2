import type { ListenSink } from '../../../../lib/server/listen/listen-sink.interface.js';

/** One frame a listen stream wrote. */
export interface Frame {
  method: string;
  params: Record<string, unknown>;
}

/** A ListenSink that records its frames (in order); `failWith` makes the next sends throw. */
export class FakeSink implements ListenSink {
  readonly frames: Frame[] = [];
  failWith?: Error;

  send(method: string, params: Record<string, unknown>): void {
    if (this.failWith) throw this.failWith;
    this.frames.push({ method, params: JSON.parse(JSON.stringify(params)) as Frame['params'] });
  }

  /** The methods written, in order. */
  get methods(): string[] {
    return this.frames.map((f) => f.method);
  }
}
