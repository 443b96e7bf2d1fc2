import type { InputRequests, InputResponses } from '../../protocol/schema/index.js';

/**
 * One round of a 2026-07-28 multi-round-trip request (MRTR, SEP-2322): the server answered
 * `input_required` and the client must fulfil `inputRequests` before it retries.
 */
export interface McpInputRound {
  /** The request that asked (`tools/call`, `prompts/get`, `resources/read`). */
  readonly method: string;
  /** 1 for the first `input_required` answer of the call, then 2, 3 ... */
  readonly round: number;
  /** What the server asks for, by its keys (may be empty when it only sent `requestState`). */
  readonly inputRequests: InputRequests;
  /** The server's opaque state, echoed verbatim in the retry (absent when it sent none). */
  readonly requestState?: string | undefined;
}

/**
 * Manual MRTR mode: answers the input requests of one round (keyed like `round.inputRequests`).
 * Without it the client answers them with its `elicitation`, `sampling` and `roots` handlers.
 */
export type InputRequiredHandler = (
  round: McpInputRound,
  context: { signal: AbortSignal },
) => Promise<InputResponses> | InputResponses;
