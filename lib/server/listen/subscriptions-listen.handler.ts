import { McpError } from '../../errors/mcp.error.js';
import type { RequestId } from '../../protocol/json-rpc.js';
import { findMethod } from '../../protocol/methods/method-table.js';
import type {
  SubscriptionsListenRequestParams,
  SubscriptionsListenResult,
} from '../../protocol/schema/index.js';
import type { ListenHub } from './listen-hub.js';
import type { ListenSink } from './listen-sink.interface.js';

const METHOD = 'subscriptions/listen';

/** The 2026-07-28 params schema of `subscriptions/listen`, from the method table (resolved once). */
const PARAMS = findMethod('client', 'request', METHOD)?.modern?.params;

/** What the listen handler needs of its request besides the params. */
export interface ListenCall {
  /** The request's JSON-RPC id: becomes the subscription id. */
  readonly requestId: RequestId;
  /** Aborts when the client ends the stream. */
  readonly signal: AbortSignal;
  /** The request's notification outlet (frames of the stream). */
  readonly sink: ListenSink;
}

/**
 * Validates `subscriptions/listen` params with the method table's 2026-07-28 schema: wrong types
 * (`toolsListChanged: "yes"`, a missing `notifications`) are -32602; unknown filter keys pass.
 */
export function parseListenParams(params: unknown): SubscriptionsListenRequestParams {
  const parsed = PARAMS?.safeParse(params ?? {});
  if (!parsed?.success) {
    const issues = parsed?.error.issues ?? [];
    const detail = issues.map((i) => `${i.path.map(String).join('.') || '(params)'}: ${i.message}`);
    throw McpError.invalidParams(`Invalid params of ${METHOD}: ${detail.join('; ')}`);
  }
  return parsed.data as SubscriptionsListenRequestParams;
}

/**
 * Serves `subscriptions/listen`, a long-running request: acknowledges on the sink, then resolves
 * with the listen result only when the stream ends (server shutdown), or when the client aborts
 * (the answer is then discarded). Without a hub (`listen: false`) the method is unknown (-32601).
 */
export async function subscriptionsListen(
  hub: ListenHub | undefined,
  params: unknown,
  call: ListenCall,
): Promise<SubscriptionsListenResult> {
  if (!hub) throw McpError.methodNotFound(METHOD);
  const { notifications } = parseListenParams(params);
  return hub.open({
    id: call.requestId,
    filter: notifications,
    sink: call.sink,
    signal: call.signal,
  });
}
