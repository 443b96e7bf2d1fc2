import type { OutgoingRequestOptions } from '../../engine/json-rpc-peer.interface.js';
import type { InputRequests } from '../../protocol/schema/index.js';

/** Options of a server-to-client request made from a handler. */
export type ClientRequestOptions = Pick<
  OutgoingRequestOptions,
  'timeoutMs' | 'signal' | 'onProgress'
>;

/**
 * Options of `ctx.elicit()`, `ctx.sample()`, `ctx.listRoots()`. `key` names the input in a
 * 2026-07-28 input round (default: `elicitation:<n>` / `sampling:<n>` / `roots:<n>` by call
 * order); it is ignored in the 2025 era, where `timeoutMs`, `signal` and `onProgress` apply.
 */
export interface InputRequestOptions extends ClientRequestOptions {
  /** Stable key of this input across rounds (recommended for anything non-trivial). */
  key?: string;
}

/** What `ctx.inputRequired()` takes: the input requests by key and the handler's own state. */
export interface InputRequiredOptions {
  /** The requests the client must answer, by key (answers come back in `ctx.inputResponses`). */
  inputRequests: InputRequests;
  /** JSON state handed back by `ctx.requestState()` on the next round (sealed, bound to the request). */
  state?: unknown;
}
