import type { JsonRpcRequest } from '../protocol/json-rpc.js';
import { McpError } from '../errors/mcp.error.js';
import { ClientDidNotAnswerError } from '../errors/client-did-not-answer.error.js';
import { CapacityError } from '../errors/capacity.error.js';
import type { MessageExtra } from '../engine/session-message.interface.js';
import type { InboundRequest } from '../engine/json-rpc-peer.interface.js';
import type { ModernDispatch } from '../engine/request-outlet.interface.js';
import type { ProtocolEras } from '../protocol/modern/protocol-eras.js';
import type { ServerCapabilities } from '../protocol/schema/index.js';
import type { ServerNotifier } from './context/request-scope.interface.js';
import { RequestScopeRecord } from './context/request-scope-record.js';
import { toMcpError } from './errors/to-mcp-error.js';
import type { ServerErrorLog } from './errors/server-error-log.js';
import type { HandlerHost } from './handlers/method-handler.interface.js';
import { createServedMethods } from './handlers/served-methods.js';
import type { ServerLimits } from './limits/server-limits.js';
import type { ModernDispatcher, StatelessCallWatch } from './modern/modern-dispatcher.js';
import type { McpSession } from './session/mcp-session.js';
import type { ServerDrain } from './shutdown/server-drain.js';
import { runCustomMethod, type CustomMethods } from './hooks/custom-methods.js';
import { channels } from '../engine/telemetry/mcp-channels.js';
import { isTraced } from '../engine/telemetry/trace-operation.js';
import { traceServerRequest } from './telemetry/trace-server-request.js';

/** The served methods, schemas and gates resolved from the method table once per process. */
const SERVED = createServedMethods();

/** What {@link RequestDispatch} reads from its server core. */
export interface RequestDispatchHost extends HandlerHost, ServerNotifier {
  readonly protocolEras: ProtocolEras;
  readonly limits: ServerLimits;
  readonly errors: ServerErrorLog;
  readonly customMethods: CustomMethods;
  getCapabilities(): ServerCapabilities;
}

/**
 * Runs the requests of one server: admission (draining, in-flight cap), the method table lookup,
 * the lifecycle and capability gates, the params schema and the handler, counted in the drain
 * gate; and maps what a request threw to the error its client gets, logged once.
 */
export class RequestDispatch {
  /**
   * A stateless call whose transport can cut it: counted in flight while it runs, the drain's cut
   * going to `call.cut`; what it throws is its client's answer. Built once.
   */
  private readonly cuttable: StatelessCallWatch<ReturnType<ServerDrain['enter']>> = {
    start: (request, call) =>
      this.shutdown.enter((error) => call.cut!(this.answerFor(error, request, call))),
    end: (entry) => this.shutdown.leave(entry),
    answer: (error, request, call) => this.answerFor(error, request, call),
  };

  constructor(
    private readonly host: RequestDispatchHost,
    private readonly shutdown: ServerDrain,
    private readonly modern: ModernDispatcher,
  ) {}

  /**
   * Checks that `count` more requests may start on `session` now (HTTP transports ask before
   * they open the reply, to answer a refusal with its status).
   * @throws CapacityError (counted) while draining or over `maxInFlightPerSession`.
   */
  admitRequests(session: Pick<McpSession, 'inFlightCount'>, count: number): void {
    if (this.shutdown.gate.draining) throw this.host.limits.refuse('shutdown');
    if (session.inFlightCount + count > this.host.limits.limits.maxInFlightPerSession)
      throw this.host.limits.refuse('maxInFlightPerSession');
  }

  /**
   * Serves one request of a 2025-era session (or a modern one on its connection), published on
   * `nestjs-mcp:server.request` when anyone listens. `inbound.signal` is read only where it is
   * used (the peer makes it on first read).
   */
  dispatch(
    session: McpSession,
    request: JsonRpcRequest,
    inbound: InboundRequest<MessageExtra>,
  ): Promise<Record<string, unknown>> {
    if (!isTraced(channels.serverRequest)) return this.dispatchSession(session, request, inbound);
    const { extra } = inbound;
    const facts = {
      transport: extra.transport.kind,
      sessionId: session.id,
      protocol: extra.protocol ?? session.protocol,
    };
    return traceServerRequest(request, facts, () =>
      this.dispatchSession(session, request, inbound),
    );
  }

  private async dispatchSession(
    session: McpSession,
    request: JsonRpcRequest,
    inbound: InboundRequest<MessageExtra>,
  ): Promise<Record<string, unknown>> {
    const { gate } = this.shutdown;
    if (gate.draining) throw this.answerFor(this.host.limits.refuse('shutdown'), request, inbound);
    // The peer counts this request already: more than the cap means one too many.
    if (session.peer.inFlightCount > this.host.limits.limits.maxInFlightPerSession)
      throw this.answerFor(this.host.limits.refuse('maxInFlightPerSession'), request, inbound);
    gate.enter();
    try {
      const result = await this.dispatchAdmitted(session, request, inbound);
      // Shared session store: the state a handler wrote is stored before the answer goes out.
      if (session.stateChanged) await session.saveState();
      // Shared log: so are the messages it sent there (causal order on the GET stream).
      const logged = session.logged();
      if (logged) await logged;
      return result;
    } catch (error) {
      const logged = session.logged();
      if (logged) await logged;
      throw this.answerFor(error, request, inbound);
    } finally {
      gate.leave();
    }
  }

  /**
   * The error a client gets for what a request threw, logged once: a client error (an
   * `McpError`, or what {@link toMcpError} maps) at debug, a refusal at warn, both rate-limited
   * and without a stack; anything else is a server fault: logged at error with its stack and a
   * correlation id that the client's `-32603` carries. A cancelled request is answered by nobody.
   */
  private answerFor(
    error: unknown,
    request: JsonRpcRequest,
    cancel: { readonly signal: AbortSignal },
  ): unknown {
    if (cancel.signal.aborted) return error;
    const mcp = toMcpError(error);
    if (!mcp) return this.host.errors.fault(error, `Handler of ${request.method}`);
    if (mcp instanceof CapacityError)
      this.host.errors.client('refused', () => `Refused ${request.method}: ${mcp.message}`, 'warn');
    else if (mcp instanceof ClientDidNotAnswerError)
      this.host.errors.client(
        'client did not answer',
        () => `${request.method} ended: ${mcp.message}`,
        'warn',
      );
    else
      this.host.errors.client(
        `error ${mcp.code}`,
        () => `${request.method} answered ${mcp.code}: ${mcp.message}`,
      );
    return mcp;
  }

  /**
   * No async frame (its one caller awaits it in its try, which takes a throw here as it takes a
   * rejection): the handler's promise goes through as it is, with no thenable job around it.
   */
  private dispatchAdmitted(
    session: McpSession,
    request: JsonRpcRequest,
    inbound: InboundRequest<MessageExtra>,
  ): Promise<Record<string, unknown>> | Record<string, unknown> {
    const { extra } = inbound;
    if (this.host.protocolEras !== 'legacy') {
      const call = this.modern.connectionCall(session, request, inbound);
      if (call) return this.modern.dispatch(request, call); // tracked as this session's request
    }
    const method = SERVED.get(request.method);
    const custom = method ? undefined : this.host.customMethods.get(request.method);
    if (!method && !custom) throw McpError.methodNotFound(request.method);
    if (!session.initialized && request.method !== 'initialize' && request.method !== 'ping') {
      throw McpError.invalidRequest('The session is not initialized: send initialize first');
    }
    // Gate on what this client was told at initialize, not on what is registered now.
    const params = method
      ? method.admit(request.params, session.advertised ?? this.host.getCapabilities())
      : ((request.params ?? {}) as Record<string, unknown>);
    const scope = new RequestScopeRecord(inbound, {
      requestId: request.id,
      method: request.method,
      params,
      rawParams: request.params,
      protocol: extra.protocol ?? session.protocol,
      transport: extra.transport,
      principal: extra.principal,
      session,
      peer: session.peer,
      notifier: this.host,
    });
    if (!method) return runCustomMethod(custom!, scope);
    // A session with its own components reads the layered registries (server's + its own).
    return method.handle(params, scope, session.componentsIfAny?.host ?? this.host);
  }

  /**
   * Serves one stateless 2026-07-28 request (no session): the modern method set, gated on the
   * current capabilities (unknown or not offered: -32601), params parsed with the table's modern
   * schema, the handler run with a scope whose `session` is undefined and whose notifications go
   * to `call.outlet`, and the result stamped (`resultType`, `_meta` serverInfo, cache hints).
   * Errors are thrown as `McpError` (a 2025 resource-not-found becomes -32602 `{ uri }`).
   */
  dispatchModern(request: JsonRpcRequest, call: ModernDispatch): Promise<Record<string, unknown>> {
    if (!isTraced(channels.serverRequest)) return this.dispatchStateless(request, call);
    const facts = { transport: call.transport.kind, protocol: call.protocol };
    return traceServerRequest(request, facts, () => this.dispatchStateless(request, call));
  }

  /**
   * Not an async function: a call its transport can cut (see `ModernDispatch.cut`) is counted
   * and answered by {@link cuttable} in the dispatch's own frame; any other is tracked by the
   * drain's one promise (see `track`).
   */
  private dispatchStateless(
    request: JsonRpcRequest,
    call: ModernDispatch,
  ): Promise<Record<string, unknown>> {
    if (this.shutdown.gate.draining) {
      return Promise.reject(this.answerFor(this.host.limits.refuse('shutdown'), request, call));
    }
    if (call.cut) return this.modern.dispatch(request, call, this.cuttable);
    const answer = (error: unknown): unknown => this.answerFor(error, request, call);
    return this.shutdown.track(this.modern.dispatch(request, call), answer);
  }
}
