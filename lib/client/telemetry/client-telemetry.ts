import type { Implementation } from '../../protocol/schema/index.js';
import { channels } from '../../engine/telemetry/mcp-channels.js';
import type {
  McpClientConnectionEvent,
  McpClientRequestEvent,
  McpTelemetryEra,
} from '../../engine/telemetry/mcp-telemetry-events.interface.js';
import { isToolError, requestTarget } from '../../engine/telemetry/request-target.js';
import type { ClientTransport } from '../client-transport.interface.js';
import type { McpCallOptions } from '../mcp-client-options.interface.js';

/** What the client's telemetry reads from its client (public getters of `McpClientBase`). */
export interface TelemetryClientFacts {
  readonly era: McpTelemetryEra | undefined;
  readonly protocolVersion: string | undefined;
  readonly serverInfo: Implementation | undefined;
  readonly transport: ClientTransport;
}

const sessionIdOf = (transport: ClientTransport): string | undefined => {
  const id = (transport as { sessionId?: unknown }).sessionId;
  return typeof id === 'string' ? id : undefined;
};

/** Records a settled client request's result on its event. */
export function recordClientResult(event: McpClientRequestEvent, result: unknown): void {
  event.result = result;
  if (isToolError(event.method, result)) event.isError = true;
}

/** `options` with the `_meta` a telemetry subscriber added (unchanged when it added none). */
export function withMeta(options: McpCallOptions, meta: Record<string, unknown>): McpCallOptions {
  for (const _ in meta) return { ...options, meta: { ...options.meta, ...meta } };
  return options;
}

/**
 * The telemetry of one client: builds its request events and publishes `client.connect` /
 * `client.disconnect` when anyone listens.
 */
export class ClientTelemetry {
  private connectedAt = 0;

  constructor(
    private readonly client: TelemetryClientFacts,
    /** The client's name (`clientInfo.name`). */
    readonly name: string,
  ) {}

  /** The event of one traced request (only built when someone listens). */
  requestEvent(method: string, params: unknown): McpClientRequestEvent {
    const { era, protocolVersion, transport } = this.client;
    const sessionId = sessionIdOf(transport);
    return {
      method,
      client: this.name,
      meta: {},
      ...requestTarget(method, params),
      ...(era && { era }),
      ...(protocolVersion && { protocolVersion }),
      ...(sessionId !== undefined && { sessionId }),
    };
  }

  /** The handshake finished. */
  connected(): void {
    this.connectedAt = performance.now();
    if (channels.clientConnect.hasSubscribers) channels.clientConnect.publish(this.connection());
  }

  /** A connected client closed (`error`: its transport went away with this error). */
  disconnected(error: Error | undefined): void {
    if (!channels.clientDisconnect.hasSubscribers) return;
    const event: McpClientConnectionEvent = {
      ...this.connection(),
      durationMs: performance.now() - this.connectedAt,
      ...(error && { error }),
    };
    channels.clientDisconnect.publish(event);
  }

  private connection(): McpClientConnectionEvent {
    const { era, protocolVersion, serverInfo, transport } = this.client;
    const sessionId = sessionIdOf(transport);
    return {
      client: this.name,
      ...(era && { era }),
      ...(protocolVersion && { protocolVersion }),
      ...(serverInfo && { serverName: serverInfo.name }),
      ...(sessionId !== undefined && { sessionId }),
    };
  }
}
