import type { InboundRequest } from './json-rpc-peer.interface.js';
import { LazyAbort } from './lazy-abort.js';

/**
 * One incoming request of a `JsonRpcPeer`, as its handler sees it and as the peer cancels it:
 * the transport's `extra` and a signal made on first read (see {@link LazyAbort}). One object of
 * one class per request: the `signal` getter is the prototype's (see `SignalSource`).
 */
export class InboundCall<TExtra> extends LazyAbort implements InboundRequest<TExtra> {
  constructor(readonly extra: TExtra) {
    super();
  }
}
