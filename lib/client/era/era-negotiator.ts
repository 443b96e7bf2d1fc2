import type { JsonRpcPeer } from '../../engine/json-rpc-peer.js';
import type { OutgoingRequestOptions } from '../../engine/json-rpc-peer.interface.js';
import type { JsonRpcParams } from '../../protocol/json-rpc.js';
import type { InitializeResult } from '../../protocol/schema/index.js';
import { LATEST_LEGACY_PROTOCOL_VERSION } from '../../protocol/versions.js';
import { DEFAULT_CLIENT_INFO } from '../client-identity.js';
import type { ClientTransport } from '../client-transport.interface.js';
import type { McpClientOptions } from '../mcp-client-options.interface.js';
import type { StatelessRequester } from '../modern/stateless-requester.js';
import { initializeSession } from './legacy-handshake.js';
import { negotiateVersion } from './negotiate-version.js';
import type { NegotiatedServer } from './negotiated-server.js';
import { requestOnProbeClock } from './probe-clock.js';

/** Default request timeout (ms), also the default probe limit. */
const DEFAULT_TIMEOUT_MS = 30_000;

/**
 * Opens the conversation of a client on `connect()`: the era negotiation of
 * {@link negotiateVersion} over the client's peer and transport (the probe is a stateless
 * `server/discover`, the fallback the `initialize` handshake), then switches the stateless path to
 * the negotiated revision when the era is modern.
 */
export class EraNegotiator {
  constructor(
    private readonly peer: JsonRpcPeer<undefined>,
    private readonly options: McpClientOptions,
    private readonly stateless: StatelessRequester,
    private readonly transport: () => ClientTransport,
    private readonly note: (error: Error) => void,
  ) {}

  /** Negotiates the era and revision (see `McpClientOptions.versionNegotiation`). */
  async negotiate(): Promise<NegotiatedServer> {
    const legacyVersion = this.options.protocolVersion ?? LATEST_LEGACY_PROTOCOL_VERSION;
    const requestTimeoutMs = this.options.requestTimeoutMs ?? DEFAULT_TIMEOUT_MS;
    // A caller that names a legacy revision without choosing a negotiation asked for that revision.
    let mode =
      this.options.versionNegotiation ??
      (this.options.protocolVersion === undefined ? 'auto' : 'legacy');
    // The 2024-11-05 HTTP+SSE transport has no 2026-07-28 binding: no probe there.
    if (mode === 'auto' && this.transport().legacyOnly) mode = 'legacy';
    // A pin waits as long as any request; 'auto' as long as its probe limit.
    const limitMs =
      mode === 'auto' ? (this.options.probeTimeoutMs ?? requestTimeoutMs) : requestTimeoutMs;
    const server = await negotiateVersion(mode, legacyVersion, {
      discover: (version) =>
        this.onClock('server/discover', limitMs, undefined, {
          meta: this.stateless.metaFor(version),
        }),
      initialize: (version) => this.initialize(version),
      note: this.note,
    });
    if (server.era === 'modern') this.stateless.begin(server.protocolVersion);
    return server;
  }

  /** The legacy handshake asking for `version` (default: the `protocolVersion` option). */
  initialize(
    version = this.options.protocolVersion ?? LATEST_LEGACY_PROTOCOL_VERSION,
  ): Promise<InitializeResult> {
    const timeoutMs = this.options.requestTimeoutMs ?? DEFAULT_TIMEOUT_MS;
    const request = (params: Record<string, unknown>) =>
      this.onClock('initialize', timeoutMs, params as JsonRpcParams);
    return initializeSession(request, this.transport(), {
      protocolVersion: version,
      capabilities: this.stateless.capabilities,
      clientInfo: this.options.clientInfo ?? DEFAULT_CLIENT_INFO,
    });
  }

  /**
   * Sends a handshake request on a clock that leaves the transport's authorization time out (the
   * login a 401 starts) and gives up without `notifications/cancelled` (`initialize` must never
   * be cancelled; a probe's era is unknown).
   */
  private onClock(
    method: string,
    limitMs: number,
    params: JsonRpcParams | undefined,
    extra: OutgoingRequestOptions = {},
  ): Promise<unknown> {
    return requestOnProbeClock(method, limitMs, {
      send: (options) => this.peer.request<unknown>(method, params, { ...options, ...extra }),
      authorization: this.transport().authorization,
      abandon: (id) => this.transport().abandonRequest?.(id),
    });
  }
}
