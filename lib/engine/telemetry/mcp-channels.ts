import diagnostics from 'node:diagnostics_channel';
import type { McpClusterTelemetryEvent } from './mcp-telemetry-events.interface.js';

/**
 * The names of every channel nestjs-mcp publishes on `node:diagnostics_channel`. Traced
 * operations are TracingChannels (subscribe with `diagnostics_channel.tracingChannel(name)`:
 * `start`, `end`, `asyncStart`, `asyncEnd`, `error` all get the same context object); the others
 * are plain channels. Names are strings, so the ESM and CommonJS copies of the package share them.
 */
export const McpChannels = {
  /** TracingChannel: each request the server serves ({@link McpServerRequestEvent}). */
  serverRequest: 'nestjs-mcp:server.request',
  /** TracingChannel: each server → client request ({@link McpServerToClientRequestEvent}). */
  serverToClientRequest: 'nestjs-mcp:server.client-request',
  /** Channel: a session opened ({@link McpSessionEvent}). */
  sessionOpen: 'nestjs-mcp:server.session.open',
  /** Channel: a session closed ({@link McpSessionEvent}, with `durationMs` and `reason`). */
  sessionClose: 'nestjs-mcp:server.session.close',
  /** Channel: a progress notification the server sent ({@link McpProgressTelemetryEvent}). */
  serverProgress: 'nestjs-mcp:server.progress',
  /** TracingChannel: each request an `McpClient` sends ({@link McpClientRequestEvent}). */
  clientRequest: 'nestjs-mcp:client.request',
  /** Channel: a progress notification the client received. */
  clientProgress: 'nestjs-mcp:client.progress',
  /** Channel: a client finished its handshake ({@link McpClientConnectionEvent}). */
  clientConnect: 'nestjs-mcp:client.connect',
  /** Channel: a connected client closed or lost its transport. */
  clientDisconnect: 'nestjs-mcp:client.disconnect',
  /**
   * Channel: relayed bus messages, failed publishes and store commands, replays, orphaned tasks
   * ({@link McpClusterTelemetryEvent}); `createRedisStores(...).stats()` keeps the counts.
   */
  cluster: 'nestjs-mcp:cluster',
} as const;

/** The channels, created once per process (diagnostics_channel keys them by name). */
export const channels = {
  serverRequest: diagnostics.tracingChannel(McpChannels.serverRequest),
  serverToClientRequest: diagnostics.tracingChannel(McpChannels.serverToClientRequest),
  sessionOpen: diagnostics.channel(McpChannels.sessionOpen),
  sessionClose: diagnostics.channel(McpChannels.sessionClose),
  serverProgress: diagnostics.channel(McpChannels.serverProgress),
  clientRequest: diagnostics.tracingChannel(McpChannels.clientRequest),
  clientProgress: diagnostics.channel(McpChannels.clientProgress),
  clientConnect: diagnostics.channel(McpChannels.clientConnect),
  clientDisconnect: diagnostics.channel(McpChannels.clientDisconnect),
  cluster: diagnostics.channel(McpChannels.cluster),
};

/** Publishes one cluster event on the `cluster` channel when someone listens (else free). */
export function publishClusterEvent(event: McpClusterTelemetryEvent): void {
  if (channels.cluster.hasSubscribers) channels.cluster.publish(event);
}
