import type { McpLogger } from '../../engine/logger.interface.js';
import { isThenable } from '../../engine/is-thenable.js';
import {
  envelopeError,
  type RequestStateBinding,
  type RequestStateCodec,
  type RequestStatePayload,
} from './request-state-codec.js';
import type {
  InputRequest,
  InputRequests,
  InputRequiredResult,
  InputResponses,
} from '../../protocol/schema/index.js';
import { DEFAULT_KEY_PREFIX, checkAnswer, type InputMethod } from './input-answers.js';
import { InputRequiredInterrupt } from './input-required.interrupt.js';

/** What McpContext asks of the input round of its request (both eras). */
export interface InputRoundPort {
  /** This request's answers (validated), or undefined. */
  readonly inputResponses: InputResponses | undefined;
  /** The handler's own state from the verified `requestState`, or undefined. */
  requestState<T>(): T | undefined;
  /** Resolves an input call from the answers, or records it and suspends the round (modern). */
  ask?(method: InputMethod, params: Record<string, unknown>, key?: string): Promise<unknown>;
  /** The interim result asking for `inputRequests`, carrying the handler's `state`. */
  inputRequired(inputRequests: InputRequests, state: unknown): InputRequiredResult;
}

/** A handler run that ended asking the client for input: the interim result to answer with. */
export class InputRequiredOutcome {
  constructor(
    /** `{ resultType: 'input_required', inputRequests, requestState }`. */
    readonly result: InputRequiredResult,
  ) {}
}

/** What a modern round reads of the server's MRTR settings (`InputRoundSettings`). */
export interface InputRoundLimits {
  readonly codec: RequestStateCodec;
  readonly maxRounds: number;
  /** Called when a run is refused for asking past `maxRounds`. */
  readonly onRoundLimit?: (() => void) | undefined;
  readonly logger?: McpLogger;
}

/** What a modern round reads of its request (its scope): what a state is bound to, its signal. */
export interface InputRoundRequest {
  /** Who is calling; absent when anonymous. */
  readonly principal?: string | undefined;
  /** The request's method (`tools/call`, `prompts/get`, `resources/read`). */
  readonly method: string;
  /** The request's params (their salient part is digested into a sealed state). */
  readonly params: Readonly<Record<string, unknown>>;
  /** The request's signal: the handler's {@link InputRound.signal} follows it, read late. */
  readonly signal: AbortSignal;
}

/** What a round tells when it settled (the handler's context: later progress is dropped). */
export interface RoundEnd {
  finish(): void;
}

const noop = (): void => undefined;
const NO_ANSWERS: Readonly<Record<string, unknown>> = Object.freeze({});

/**
 * One run of a handler under a 2026-07-28 request. Input calls resolve from the answers by key;
 * an unanswered one is recorded, and on the next macrotask (so calls made together with
 * `Promise.all` join) the run suspends: the request answers `input_required` with every recorded
 * request and a sealed state, the handler's signal aborts with an {@link InputRequiredInterrupt}
 * and its pending input calls reject with it. Whatever the handler does afterwards is discarded.
 *
 * Built for every modern call, most of which never ask: what only asking needs (counters, the
 * asked and used maps, the binding of a sealed state) is made on the first input call, and the
 * run is one promise settled by whichever comes first of the handler and the suspension.
 */
export class InputRound implements InputRoundPort {
  private controller?: AbortController;
  /** The interrupt of a suspension that came before the request's abort and before any read. */
  private interrupted?: InputRequiredInterrupt;
  private counters?: Record<InputMethod, number>;
  private askedMap?: Record<string, InputRequest>;
  private usedMap?: Record<string, unknown>;
  private pending?: Array<(error: InputRequiredInterrupt) => void>;
  private scheduled = false;
  /** Set once the run settled or suspended: what came later is discarded. */
  private settled = false;
  /** The interim result once the run suspended. */
  private suspended?: InputRequiredResult;
  private resolve: (value: unknown) => void = noop;
  private reject: (error: unknown) => void = noop;
  private end?: RoundEnd;
  /** Number of this run (1 without a `requestState`, previous round + 1 with one). */
  private readonly round: number;
  /** Answers the verified state carried. */
  private readonly carried: Readonly<Record<string, unknown>>;
  /** The handler's own state from the verified envelope. */
  private readonly app: unknown;

  constructor(
    private readonly limits: InputRoundLimits,
    private readonly request: InputRoundRequest,
    /** The verified `requestState` of this request, if it carried one. */
    state: RequestStatePayload | undefined,
    /** This request's `inputResponses`, structurally checked. */
    private readonly responses: InputResponses | undefined,
  ) {
    this.round = state === undefined ? 1 : state.round + 1;
    this.carried = state?.answers ?? NO_ANSWERS;
    this.app = state?.app;
  }

  /**
   * The handler's signal: aborts (reason: the interrupt) when the round suspends, or with the
   * request's reason when the request aborts, whichever comes first. Made on first read, so a
   * handler that never reads it costs no controller nor listener.
   */
  get signal(): AbortSignal {
    if (!this.controller) {
      this.controller = new AbortController();
      const request = this.request.signal;
      if (this.interrupted) this.controller.abort(this.interrupted);
      else if (request.aborted) this.controller.abort(request.reason);
      else {
        const controller = this.controller;
        request.addEventListener('abort', () => controller.abort(request.reason), { once: true });
      }
    }
    return this.controller.signal;
  }

  /** {@inheritDoc InputRoundPort.inputResponses} */
  get inputResponses(): InputResponses | undefined {
    return this.responses;
  }

  /** {@inheritDoc InputRoundPort.requestState} */
  requestState<T>(): T | undefined {
    return this.app as T | undefined;
  }

  /** {@inheritDoc InputRoundPort.ask} */
  ask(method: InputMethod, params: Record<string, unknown>, key?: string): Promise<unknown> {
    this.counters ??= { 'elicitation/create': 0, 'sampling/createMessage': 0, 'roots/list': 0 };
    const n = this.counters[method]++;
    const k = key ?? `${DEFAULT_KEY_PREFIX[method]}:${n}`;
    const answer = ownValue(this.carried, k) ?? ownValue(this.responses, k);
    if (answer !== undefined) {
      const checked = checkAnswer(k, method, answer);
      this.used[k] = checked;
      return Promise.resolve(checked);
    }
    if (this.settled) return Promise.reject(new InputRequiredInterrupt());
    this.asked[k] = toInputRequest(method, params);
    const pending = (this.pending ??= []);
    const waiting = new Promise<unknown>((_resolve, reject) => pending.push(reject));
    waiting.catch(noop); // a handler that never awaits it must not cause an unhandled rejection
    if (!this.scheduled) {
      this.scheduled = true;
      setImmediate(() => this.suspend());
    }
    return waiting;
  }

  /** {@inheritDoc InputRoundPort.inputRequired} */
  inputRequired(inputRequests: InputRequests, state: unknown): InputRequiredResult {
    for (const [key, request] of Object.entries(inputRequests)) {
      const params = (request.params ?? {}) as Record<string, unknown>;
      this.asked[key] = toInputRequest(request.method, params);
    }
    const result = this.interim(state);
    this.interrupt(result);
    return result;
  }

  /** The input requests this run recorded, by key. */
  private get asked(): Record<string, InputRequest> {
    return (this.askedMap ??= Object.create(null) as Record<string, InputRequest>);
  }

  /** The answers this run used, by key. */
  private get used(): Record<string, unknown> {
    return (this.usedMap ??= Object.create(null) as Record<string, unknown>);
  }

  /**
   * Runs the handler once. Resolves with its value, or with an {@link InputRequiredOutcome} when
   * the run suspended first; rejects with its error. `end` is told once it settled.
   */
  run(invoke: () => unknown, end: RoundEnd): Promise<unknown> {
    this.end = end;
    // Made first: a handler may suspend the run before it returns (`ctx.inputRequired(...)`).
    const outcome = new Promise((resolve, reject) => {
      this.resolve = resolve;
      this.reject = reject;
    });
    let running: unknown;
    try {
      running = invoke();
    } catch (error) {
      this.settle(error, true);
      return outcome;
    }
    if (isThenable(running)) {
      Promise.resolve(running).then(
        (value) => this.settle(value, false),
        (error: unknown) => this.settle(error, true),
      );
    } else {
      this.settle(running, false);
    }
    return outcome;
  }

  /** The handler settled: its value or error, unless the run suspended first. */
  private settle(value: unknown, failed: boolean): void {
    const suspended = this.suspended;
    if (suspended && !failed && value !== suspended) {
      this.limits.logger?.debug?.(
        'A handler swallowed the input interrupt; its result is discarded',
      );
    }
    if (!this.conclude()) return;
    if (failed) this.reject(value);
    else this.resolve(value);
  }

  /** Marks the run settled and tells its end; false when it had settled already. */
  private conclude(): boolean {
    if (this.settled) return false;
    this.settled = true;
    this.end?.finish();
    return true;
  }

  private suspend(): void {
    if (this.settled) return;
    try {
      this.interrupt(this.interim(undefined));
    } catch (error) {
      if (this.conclude()) this.reject(error);
    }
  }

  /** The interim result of this run: what it asked, sealed with the answers used so far. */
  private interim(app: unknown): InputRequiredResult {
    const { codec, maxRounds } = this.limits;
    const round = this.round;
    if (round > maxRounds) {
      this.limits.onRoundLimit?.();
      throw envelopeError(`Too many input rounds (the limit is ${maxRounds})`);
    }
    const asked: Record<string, string> = {};
    for (const [key, request] of Object.entries(this.asked)) asked[key] = request.method;
    const answers = { ...this.carried, ...this.used };
    const requestState = codec.seal(
      app === undefined ? { round, answers, asked } : { round, answers, asked, app },
      stateBinding(this.request),
    );
    return { resultType: 'input_required', inputRequests: { ...this.asked }, requestState };
  }

  private interrupt(result: InputRequiredResult): void {
    if (!this.settled) {
      this.suspended = result;
      this.conclude();
      this.resolve(new InputRequiredOutcome(result));
    }
    const interrupt = new InputRequiredInterrupt();
    if (this.controller) this.controller.abort(interrupt);
    else if (!this.request.signal.aborted) this.interrupted = interrupt;
    for (const reject of this.pending?.splice(0) ?? []) reject(interrupt);
  }
}

/** What a sealed `requestState` is bound to: the caller, the method, the request's params. */
export function stateBinding(request: InputRoundRequest): RequestStateBinding {
  return {
    principal: request.principal ?? 'anonymous',
    method: request.method,
    params: request.params,
  };
}

/** `record[key]` when it is the record's own property (never an inherited one). */
function ownValue(record: Readonly<Record<string, unknown>> | undefined, key: string): unknown {
  return record && Object.hasOwn(record, key) ? record[key] : undefined;
}

/** The wire form of an input request; URL-mode elicitations carry no `elicitationId` in MRTR. */
function toInputRequest(method: InputMethod, params: Record<string, unknown>): InputRequest {
  if (method === 'roots/list') return { method };
  if (method === 'elicitation/create' && 'elicitationId' in params) {
    const { elicitationId: _dropped, ...rest } = params;
    return { method, params: rest } as InputRequest;
  }
  return { method, params } as InputRequest;
}
