import type { ServerResponse } from 'node:http';
import { LazyAbort } from '../../engine/lazy-abort.js';

/**
 * The abort of a stateless POST's handler: aborted when the client goes away before the reply
 * ended. Like its {@link LazyAbort} signal, the watch on the response is set up on first read of
 * `signal` or `aborted`: most calls end before anyone reads either, and then cost no `close`
 * listener nor closure. A client gone before the first read is seen then (`res.destroyed`).
 */
export class ClientGoneAbort extends LazyAbort {
  private watching = false;

  constructor(
    private readonly res: ServerResponse,
    private readonly reply: { readonly done: boolean },
  ) {
    super();
  }

  override get signal(): AbortSignal {
    this.watch();
    return super.signal;
  }

  override get aborted(): boolean {
    this.watch();
    return super.aborted;
  }

  private watch(): void {
    if (this.watching) return;
    this.watching = true;
    if (this.res.destroyed) this.clientGone();
    else this.res.once('close', () => this.clientGone());
  }

  private clientGone(): void {
    if (!this.reply.done) this.abort(new Error('Client disconnected'));
  }
}
