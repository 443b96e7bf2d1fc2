import type { RequestOutlet } from '../../../../lib/engine/request-outlet.interface.js';

/** One frame a listen stream wrote. */
export interface Frame {
  method: string;
  params: Record<string, unknown>;
}

/** A RequestOutlet that records its frames (in order); `failWith` makes the next writes throw. */
export class FakeOutlet implements RequestOutlet {
  readonly frames: Frame[] = [];
  failWith?: Error;

  notify(method: string, params: Record<string, unknown> = {}): void {
    if (this.failWith) throw this.failWith;
    this.frames.push({ method, params: JSON.parse(JSON.stringify(params)) as Frame['params'] });
  }

  /** The methods written, in order. */
  get methods(): string[] {
    return this.frames.map((f) => f.method);
  }
}
