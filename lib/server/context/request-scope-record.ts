import type { SignalSource } from '../../engine/late-signal.js';
import type { RequestScope } from './request-scope.interface.js';

/** What a {@link RequestScopeRecord} copies: every field of a scope but its signal. */
export type RequestScopeFields = Omit<RequestScope, 'signal'>;

/** Every key of a scope, optional ones included: a key added to `RequestScope` must be set here. */
type EveryField = { readonly [K in keyof Required<RequestScope>]: RequestScope[K] };

/**
 * The scope of one request, with its signal read from `signals` when first asked (a transport
 * or an input round may make it then). Every field is set, optional ones to undefined, so all
 * scopes share one shape; the `signal` getter is the class's (see `SignalSource`).
 */
export class RequestScopeRecord implements RequestScope, EveryField {
  readonly requestId: RequestScope['requestId'];
  readonly method: string;
  readonly params: Record<string, unknown>;
  readonly rawParams: RequestScope['rawParams'];
  readonly protocol: RequestScope['protocol'];
  readonly transport: RequestScope['transport'];
  readonly session: RequestScope['session'];
  readonly peer: RequestScope['peer'];
  readonly outlet: RequestScope['outlet'];
  readonly principal: RequestScope['principal'];
  readonly notifier: RequestScope['notifier'];
  readonly inputRound: RequestScope['inputRound'];
  readonly task: RequestScope['task'];
  readonly startTask: RequestScope['startTask'];

  constructor(
    private readonly signals: SignalSource,
    fields: RequestScopeFields,
    inputRound: RequestScope['inputRound'] = fields.inputRound,
  ) {
    this.requestId = fields.requestId;
    this.method = fields.method;
    this.params = fields.params;
    this.rawParams = fields.rawParams;
    this.protocol = fields.protocol;
    this.transport = fields.transport;
    this.session = fields.session;
    this.peer = fields.peer;
    this.outlet = fields.outlet;
    this.principal = fields.principal;
    this.notifier = fields.notifier;
    this.inputRound = inputRound;
    this.task = fields.task;
    this.startTask = fields.startTask;
  }

  /** {@inheritDoc RequestScope.signal} */
  get signal(): AbortSignal {
    return this.signals.signal;
  }
}

/**
 * `scope` with some fields changed (an input round, a task starter); its signal is still
 * `scope`'s, or `signals`' when given, read when first asked.
 */
export function scopeWith(
  scope: RequestScope,
  changes: Partial<RequestScopeFields>,
  signals: SignalSource = scope,
): RequestScope {
  // The constructor copies the fields it knows; the spread's own keys beyond them are dropped.
  return new RequestScopeRecord(signals, { ...scope, ...changes });
}

/**
 * `scope` in an input round: its fields with `inputRound` set, its signal `signals`' (read when
 * first asked). Read field by field from `scope`, with no spread copy of it in between.
 */
export function scopeInRound(
  scope: RequestScope,
  inputRound: RequestScope['inputRound'],
  signals: SignalSource = scope,
): RequestScope {
  return new RequestScopeRecord(signals, scope, inputRound);
}
