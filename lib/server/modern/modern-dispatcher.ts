import type { JsonRpcRequest } from '../../protocol/json-rpc.js';
import type { SizedJson } from '../../protocol/encode-message.js';
import type { ServerCapabilities } from '../../protocol/schema/index.js';
import { McpError } from '../../errors/mcp.error.js';
import { ErrorCode } from '../../protocol/error-codes.js';
import { hasModernMeta, type ProtocolEras } from '../../protocol/modern/protocol-eras.js';
import { parseModernEnvelope, unsupportedVersion } from '../../protocol/modern/modern-envelope.js';
import type { ModernDispatch } from '../../engine/request-outlet.interface.js';
import type { MessageExtra } from '../../engine/session-message.interface.js';
import type { InboundRequest } from '../../engine/json-rpc-peer.interface.js';
import type { ServerNotifier } from '../context/request-scope.interface.js';
import { RequestScopeRecord } from '../context/request-scope-record.js';
import { ModernCall } from '../../engine/modern-call.js';
import { toMcpError } from '../errors/to-mcp-error.js';
import type { HandlerHost } from '../handlers/method-handler.interface.js';
import { createModernServedMethods } from '../handlers/served-methods.js';
import { listenCapabilities } from '../listen/honoured-filter.js';
import { CacheHintResolver } from '../results/cache-hint-resolver.js';
import { modernStampJson, stampModernResult, stampsAsText } from '../results/modern-result.js';
import { TASKS_EXTENSION_ID } from '../../protocol/schema/tasks-extension.js';
import type { McpSession } from '../session/mcp-session.js';
import { runCustomMethod, type CustomMethods } from '../hooks/custom-methods.js';

/** The methods of a stateless 2026-07-28 request (no initialize, ping, setLevel, subscribe). */
const MODERN = createModernServedMethods();

/**
 * The bookkeeping of a stateless call that its caller hands to {@link ModernDispatcher.dispatch}
 * to run in the dispatch's own async frame rather than in one of its own around it: the call is
 * counted in flight while it runs and what it throws becomes its client's answer.
 * `RequestDispatch` has one for the calls whose transport the graceful shutdown can cut.
 */
export interface StatelessCallWatch<T> {
  /** The call starts (counted in flight); what this returns goes to {@link end}. */
  start(request: JsonRpcRequest, call: ModernDispatch): T;
  /** The call is done, answered or thrown. */
  end(entry: T): void;
  /** What the client gets for what the call threw. */
  answer(error: unknown, request: JsonRpcRequest, call: ModernDispatch): unknown;
}

/** A handler's error as a 2026-07-28 client gets it: resource-not-found is -32602 `{ uri }`. */
function modernHandlerError(error: unknown): unknown {
  const mcp = toMcpError(error);
  if (mcp?.code === ErrorCode.ResourceNotFound) {
    return new McpError(ErrorCode.InvalidParams, mcp.message, mcp.data);
  }
  return mcp ?? error;
}

/** What the modern dispatcher reads from its server: the handler host, notifier and eras. */
export interface ModernDispatchHost extends HandlerHost, ServerNotifier {
  /** Which protocol eras the server serves. */
  readonly protocolEras: ProtocolEras;
  /** Revisions a 2026-07-28 request may name. */
  readonly supportedVersions: readonly string[];
  /** Current server capabilities. */
  getCapabilities(): ServerCapabilities;
  /** Vendor-prefixed request methods (served here when the method table has no entry). */
  readonly customMethods: CustomMethods;
}

/**
 * The 2026-07-28 stateless side of `McpServerCore`, built once with it: serves a modern request
 * (gate, params, handler, result stamping), recognises modern messages on a 2025 connection and
 * builds the `server/discover` result. The core delegates to it; handlers still see the core.
 */
export class ModernDispatcher {
  /** `_meta["io.modelcontextprotocol/serverInfo"]` of modern results, built once. */
  private readonly serverInfoMeta: Readonly<Record<string, unknown>>;
  /** The JSON (and byte length) of the members a modern result gets when its handler set none. */
  private readonly stampJson: SizedJson;
  private readonly cacheHints: CacheHintResolver;
  private discover?: Record<string, unknown>;

  constructor(private readonly host: ModernDispatchHost) {
    const { name, version, cache } = host.options;
    this.serverInfoMeta = Object.freeze(
      JSON.parse(JSON.stringify({ name, version })) as Record<string, unknown>,
    );
    this.stampJson = modernStampJson(this.serverInfoMeta);
    this.cacheHints = new CacheHintResolver(host.primitives, cache);
  }

  /**
   * {@inheritDoc McpServerCore.dispatchModern} With a `watch`, the call is counted in flight and
   * what it throws made its client's answer here, in this one async frame (see
   * {@link StatelessCallWatch}).
   */
  async dispatch<T>(
    request: JsonRpcRequest,
    call: ModernDispatch,
    watch?: StatelessCallWatch<T>,
  ): Promise<Record<string, unknown>> {
    const entry = watch?.start(request, call);
    try {
      const method = MODERN.get(request.method);
      const custom = method ? undefined : this.host.customMethods.get(request.method);
      if (!method && !custom) throw McpError.methodNotFound(request.method);
      // No session in this era: gate on what the server offers now.
      const params = method
        ? method.admit(request.params, this.host.getCapabilities())
        : ((request.params ?? {}) as Record<string, unknown>);
      // The signal is read through: a transport may make it on first read.
      const scope = new RequestScopeRecord(call, {
        requestId: request.id,
        method: request.method,
        params,
        rawParams: request.params,
        protocol: call.protocol,
        transport: call.transport,
        outlet: call.outlet,
        principal: call.principal,
        notifier: this.host,
      });
      let result: Record<string, unknown>;
      try {
        result = method
          ? await method.handle(params, scope, this.host)
          : await runCustomMethod(custom!, scope);
      } catch (error) {
        throw modernHandlerError(error);
      }
      return this.stamp(request.method, params, result, call);
    } catch (error) {
      throw watch === undefined ? error : watch.answer(error, request, call);
    } finally {
      if (watch !== undefined) watch.end(entry as T);
    }
  }

  /**
   * The result as its client gets it: the constant members left to an outlet that writes the reply
   * as JSON encoded once, or stamped into the result (`resultType`, `_meta` serverInfo, cache).
   */
  private stamp(
    methodName: string,
    params: Record<string, unknown>,
    result: Record<string, unknown>,
    call: ModernDispatch,
  ): Record<string, unknown> {
    const cache = this.cacheHints.hintOf(methodName, params);
    const outlet = call.outlet;
    if (outlet.takeResultStamp && stampsAsText(result, cache)) {
      outlet.takeResultStamp(this.stampJson);
      return result;
    }
    return stampModernResult(result, this.serverInfoMeta, cache);
  }

  /**
   * stdio / WebSocket: a message whose `_meta` carries a modern protocol version is served
   * statelessly on the same connection (notifications related to it on the connection); this
   * returns how, or undefined for a 2025 message. In `'modern'` mode every message is; an
   * `initialize` without modern `_meta` is -32022.
   */
  connectionCall(
    session: McpSession,
    request: JsonRpcRequest,
    inbound: InboundRequest<MessageExtra>,
  ): ModernDispatch | undefined {
    if (!hasModernMeta(request.params)) {
      if (this.host.protocolEras !== 'modern') return undefined;
      if (request.method === 'initialize') {
        const requested = (request.params as { protocolVersion?: unknown } | undefined)
          ?.protocolVersion;
        throw unsupportedVersion(String(requested ?? ''), this.host.supportedVersions);
      }
    }
    const protocol = parseModernEnvelope(request.params, this.host.supportedVersions);
    const id = request.id;
    const { transport } = inbound.extra;
    return new ModernCall(
      protocol,
      { notify: (method, params) => session.peer.notify(method, params, id) },
      transport,
      inbound,
      transport.kind === 'stdio' ? 'stdio' : undefined,
    );
  }

  /** {@inheritDoc HandlerHost.discoverResult} */
  discoverResult(): Record<string, unknown> {
    if (!this.discover) {
      const { instructions } = this.host.options;
      // Without listen nothing delivers list changes or updates to a 2026-07-28 client.
      const listenView = listenCapabilities(
        this.host.getCapabilities(),
        this.host.listen !== undefined,
      );
      const capabilities: Record<string, unknown> = { ...listenView };
      delete capabilities.logging; // logging/setLevel does not exist in 2026-07-28
      // Tasks are the io.modelcontextprotocol/tasks extension in 2026-07-28, not a capability.
      const tasks = 'tasks' in capabilities;
      delete capabilities.tasks;
      // The derived capabilities already carry the configured and MCP Apps extensions.
      if (tasks) {
        const extensions = capabilities.extensions as Record<string, unknown> | undefined;
        capabilities.extensions = { [TASKS_EXTENSION_ID]: {}, ...extensions };
      }
      this.discover = {
        supportedVersions: [...this.host.supportedVersions],
        capabilities,
        ...(instructions !== undefined && { instructions }),
      };
    }
    return structuredClone(this.discover);
  }

  /** Drops the cached `server/discover` result (a registry changed). */
  forgetDiscover(): void {
    this.discover = undefined;
  }
}
