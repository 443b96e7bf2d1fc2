import type { McpLogger } from '../../engine/logger.interface.js';
import {
  envelopeError,
  type RequestStateBinding,
  type RequestStateCodec,
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

/** How a modern round ended: an interim result, the handler's value, or an error. */
export type RoundOutcome =
  | { readonly kind: 'input'; readonly result: InputRequiredResult }
  | { readonly kind: 'value'; readonly value: unknown }
  | { readonly kind: 'error'; readonly error: unknown };

/** What a modern round starts from (all verified by the runner). */
export interface InputRoundInit {
  readonly codec: RequestStateCodec;
  readonly binding: RequestStateBinding;
  readonly maxRounds: number;
  /** Called when this run is refused for asking past `maxRounds`. */
  readonly onLimit?: (() => void) | undefined;
  /** Number of this run (1 without a `requestState`, previous round + 1 with one). */
  readonly round: number;
  /** Answers the verified state carried. */
  readonly carried: Readonly<Record<string, unknown>>;
  /** This request's `inputResponses`, structurally checked. */
  readonly responses: InputResponses | undefined;
  /** The handler's own state from the verified envelope. */
  readonly app: unknown;
  readonly logger?: McpLogger;
  /** The request (its scope): the handler's {@link InputRound.signal} follows its signal, read late. */
  readonly request?: { readonly signal: AbortSignal };
}

const noop = (): void => undefined;

/**
 * One run of a handler under a 2026-07-28 request. Input calls resolve from the answers by key;
 * an unanswered one is recorded, and on the next macrotask (so calls made together with
 * `Promise.all` join) the run suspends: the request answers `input_required` with every recorded
 * request and a sealed state, the handler's signal aborts with an {@link InputRequiredInterrupt}
 * and its pending input calls reject with it. Whatever the handler does afterwards is discarded.
 */
export class InputRound implements InputRoundPort {
  private controller?: AbortController;
  /** The interrupt of a suspension that came before the request's abort and before any read. */
  private interrupted?: InputRequiredInterrupt;
  // Made on the first input call: most runs never ask, and one run is made per request.
  private counters?: Record<InputMethod, number>;
  private askedMap?: Record<string, InputRequest>;
  private usedMap?: Record<string, unknown>;
  private pending?: Array<(error: InputRequiredInterrupt) => void>;
  private scheduled = false;
  private outcome?: RoundOutcome;
  private settle: (outcome: RoundOutcome) => void = noop;
  /** Settles once with how the round ended. */
  readonly ended: Promise<RoundOutcome> = new Promise((resolve) => (this.settle = resolve));

  constructor(private readonly init: InputRoundInit) {}

  /**
   * The handler's signal: aborts (reason: the interrupt) when the round suspends, or with the
   * request's reason when the request aborts, whichever comes first. Made on first read, so a
   * handler that never reads it costs no controller nor listener.
   */
  get signal(): AbortSignal {
    if (!this.controller) {
      this.controller = new AbortController();
      const request = this.init.request?.signal;
      if (this.interrupted) this.controller.abort(this.interrupted);
      else if (request?.aborted) this.controller.abort(request.reason);
      else if (request) {
        const controller = this.controller;
        request.addEventListener('abort', () => controller.abort(request.reason), { once: true });
      }
    }
    return this.controller.signal;
  }

  /** {@inheritDoc InputRoundPort.inputResponses} */
  get inputResponses(): InputResponses | undefined {
    return this.init.responses;
  }

  /** {@inheritDoc InputRoundPort.requestState} */
  requestState<T>(): T | undefined {
    return this.init.app as T | undefined;
  }

  /** {@inheritDoc InputRoundPort.ask} */
  ask(method: InputMethod, params: Record<string, unknown>, key?: string): Promise<unknown> {
    this.counters ??= { 'elicitation/create': 0, 'sampling/createMessage': 0, 'roots/list': 0 };
    const n = this.counters[method]++;
    const k = key ?? `${DEFAULT_KEY_PREFIX[method]}:${n}`;
    const answer = ownValue(this.init.carried, k) ?? ownValue(this.init.responses, k);
    if (answer !== undefined) {
      const checked = checkAnswer(k, method, answer);
      this.used[k] = checked;
      return Promise.resolve(checked);
    }
    if (this.outcome) return Promise.reject(new InputRequiredInterrupt());
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

  /** Runs the handler once; settles {@link ended} with the first of: suspension, value, error. */
  run(invoke: () => unknown): Promise<RoundOutcome> {
    let running: Promise<unknown>;
    try {
      running = Promise.resolve(invoke());
    } catch (error) {
      running = Promise.reject(error);
    }
    running.then(
      (value) => {
        const suspended = this.outcome?.kind === 'input' ? this.outcome.result : undefined;
        if (suspended && value !== suspended) {
          this.init.logger?.debug?.(
            'A handler swallowed the input interrupt; its result is discarded',
          );
        }
        this.finish({ kind: 'value', value });
      },
      (error: unknown) => this.finish({ kind: 'error', error }),
    );
    return this.ended;
  }

  private suspend(): void {
    if (this.outcome) return;
    try {
      this.interrupt(this.interim(undefined));
    } catch (error) {
      this.finish({ kind: 'error', error });
    }
  }

  /** The interim result of this run: what it asked, sealed with the answers used so far. */
  private interim(app: unknown): InputRequiredResult {
    const { codec, binding, maxRounds, round } = this.init;
    if (round > maxRounds) {
      this.init.onLimit?.();
      throw envelopeError(`Too many input rounds (the limit is ${maxRounds})`);
    }
    const asked: Record<string, string> = {};
    for (const [key, request] of Object.entries(this.asked)) asked[key] = request.method;
    const answers = { ...this.init.carried, ...this.used };
    const requestState = codec.seal(
      app === undefined ? { round, answers, asked } : { round, answers, asked, app },
      binding,
    );
    return { resultType: 'input_required', inputRequests: { ...this.asked }, requestState };
  }

  private interrupt(result: InputRequiredResult): void {
    this.finish({ kind: 'input', result });
    const interrupt = new InputRequiredInterrupt();
    if (this.controller) this.controller.abort(interrupt);
    else if (!this.init.request?.signal.aborted) this.interrupted = interrupt;
    for (const reject of this.pending?.splice(0) ?? []) reject(interrupt);
  }

  private finish(outcome: RoundOutcome): void {
    if (this.outcome) return;
    this.outcome = outcome;
    this.settle(outcome);
  }
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
