import { InputRoundLimitError } from '../../errors/input-round-limit.error.js';
import { TransportError } from '../../errors/transport.error.js';
import { InputRequiredResultSchema, type InputResponses } from '../../protocol/schema/index.js';
import { describeIssues } from '../protocol-check.js';
import type { McpInputRound } from './input-round.interface.js';

/** Default of `maxInputRounds`. */
export const DEFAULT_MAX_INPUT_ROUNDS = 10;

/** The methods whose 2026-07-28 answer may be `input_required` (SEP-2322). */
export const MRTR_METHODS: ReadonlySet<string> = new Set([
  'tools/call',
  'prompts/get',
  'resources/read',
]);

/** One multi-round-trip call: how to send a round and how to answer the server's questions. */
export interface InputRoundsCall {
  readonly method: string;
  /** The original params (without `inputResponses`/`requestState`). */
  readonly params: Record<string, unknown>;
  readonly maxRounds: number;
  /** Sends one round (a new JSON-RPC request each time) and resolves with its raw result. */
  send(params: Record<string, unknown>): Promise<unknown>;
  /** Answers one round's input requests. */
  fulfil(round: McpInputRound): Promise<InputResponses>;
  /** Sees each round before it is answered. */
  onRound?: ((round: McpInputRound) => void) | undefined;
}

function isInputRequired(result: unknown): boolean {
  return (result as { resultType?: unknown } | null)?.resultType === 'input_required';
}

/**
 * Runs a request until its result is not `input_required` (a missing `resultType` is complete):
 * each round's `inputRequests` are answered and the original params are sent again with
 * `inputResponses` and the `requestState` echoed verbatim (left out when the server sent none).
 * A malformed `input_required` result is a TransportError `protocol`; more than `maxRounds`
 * rounds an {@link InputRoundLimitError}. State lives in this call only, so parallel calls never
 * see each other's answers or state.
 */
export async function runInputRounds(call: InputRoundsCall): Promise<unknown> {
  let result = await call.send(call.params);
  for (let round = 1; isInputRequired(result); round++) {
    if (round > call.maxRounds) throw new InputRoundLimitError(call.method, call.maxRounds);
    const checked = InputRequiredResultSchema.safeParse(result);
    if (!checked.success) {
      throw new TransportError(
        `The server's ${call.method} input_required result does not match the protocol: ${describeIssues(checked.error)}`,
        'protocol',
        undefined,
        { cause: checked.error },
      );
    }
    const { inputRequests = {}, requestState } = checked.data;
    const current: McpInputRound = { method: call.method, round, inputRequests, requestState };
    call.onRound?.(current);
    const retry: Record<string, unknown> = { ...call.params };
    if (Object.keys(inputRequests).length > 0) retry.inputResponses = await call.fulfil(current);
    if (requestState !== undefined) retry.requestState = requestState;
    result = await call.send(retry);
  }
  return result;
}
