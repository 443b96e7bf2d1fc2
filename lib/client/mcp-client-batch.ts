import type { z } from 'zod';
import type { JsonRpcPeer } from '../engine/json-rpc-peer.js';
import type { JsonRpcParams } from '../protocol/json-rpc.js';
import {
  ClientRequestResultSchemas,
  type ClientRequestParamsOf,
  type ClientRequestResultOf,
} from '../protocol/schema/index.js';
import type { BatchOutbox } from './batch-outbox.js';
import type { McpCallOptions } from './mcp-client-options.interface.js';
import type { McpClientRequestMethod } from './mcp-client-request.interface.js';
import { checkResult } from './protocol-check.js';

/** The one protocol revision with JSON-RPC batches. */
export const BATCH_PROTOCOL_VERSION = '2025-03-26';

/** One request of `McpClient.batch()`: a method, its params (when it has any) and call options. */
export type McpBatchEntry = {
  [M in McpClientRequestMethod]: undefined extends ClientRequestParamsOf<M>
    ? {
        method: M;
        params?: ClientRequestParamsOf<M> | undefined;
        options?: McpCallOptions | undefined;
      }
    : { method: M; params: ClientRequestParamsOf<M>; options?: McpCallOptions | undefined };
}[McpClientRequestMethod];

/** What `McpClient.batch()` resolves with: each entry's outcome, in the entries' order. */
export type McpBatchResults<E extends readonly McpBatchEntry[]> = {
  -readonly [K in keyof E]: PromiseSettledResult<ClientRequestResultOf<E[K]['method']>>;
};

/**
 * Sends the entries as one JSON-RPC batch through `outbox` (all requests issued in one go, their
 * results correlated by id by the peer) and settles each one: its result checked against its
 * method's schema, or its own error.
 */
export function sendBatch<E extends readonly McpBatchEntry[]>(
  peer: JsonRpcPeer<undefined>,
  outbox: BatchOutbox,
  entries: E,
): Promise<McpBatchResults<E>> {
  const calls = outbox.gather(() =>
    entries.map(({ method, params, options }) =>
      peer
        .request<unknown>(method, params as JsonRpcParams | undefined, options ?? {})
        .then((result) =>
          checkResult(method, ClientRequestResultSchemas[method] as z.ZodType<unknown>, result),
        ),
    ),
  );
  return Promise.allSettled(calls) as Promise<McpBatchResults<E>>;
}
