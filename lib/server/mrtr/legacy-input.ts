import type {
  InputRequests,
  InputRequiredResult,
  InputResponses,
} from '../../protocol/schema/index.js';
import type { InputRoundPort } from './input-round.js';

/** Marks an interim result made by `ctx.inputRequired()` in the legacy era (holds the state). */
const LEGACY_INPUT = Symbol.for('nestjs-mcp:legacyInputRequired');

interface LegacyInputMark {
  readonly state: unknown;
}

/**
 * `ctx.inputRequired()` in the 2025 (session) era: an interim result the library serves itself
 * by sending each input request to the client and running the handler again with the answers.
 */
export function legacyInputRequired(
  inputRequests: InputRequests,
  state: unknown,
): InputRequiredResult {
  const result: InputRequiredResult = { resultType: 'input_required', inputRequests };
  const mark: LegacyInputMark = { state };
  Object.defineProperty(result, LEGACY_INPUT, { value: mark });
  return result;
}

/** The requests and state of a legacy interim result, or undefined for any other value. */
export function pendingLegacyInput(
  value: unknown,
): { inputRequests: InputRequests; state: unknown } | undefined {
  if (typeof value !== 'object' || value === null || !(LEGACY_INPUT in value)) return undefined;
  const { state } = (value as { [LEGACY_INPUT]: LegacyInputMark })[LEGACY_INPUT];
  return { inputRequests: (value as unknown as InputRequiredResult).inputRequests ?? {}, state };
}

/** The round of a legacy re-run: the answers the client gave to real requests, and the state. */
export class LegacyInputRound implements InputRoundPort {
  constructor(
    /** The client's answers, keyed like the input requests. */
    readonly inputResponses: InputResponses,
    private readonly state: unknown,
  ) {}

  /** {@inheritDoc InputRoundPort.requestState} */
  requestState<T>(): T | undefined {
    return this.state as T | undefined;
  }

  /** {@inheritDoc InputRoundPort.inputRequired} */
  inputRequired(inputRequests: InputRequests, state: unknown): InputRequiredResult {
    return legacyInputRequired(inputRequests, state);
  }
}
