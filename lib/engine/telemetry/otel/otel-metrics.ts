import type * as Otel from '@opentelemetry/api';
import type {
  McpClientRequestEvent,
  McpServerRequestEvent,
  McpSessionEvent,
} from '../mcp-telemetry-events.interface.js';
import { errorType, metricAttributes } from './otel-attributes.js';
import type { McpTelemetryStats } from './mcp-open-telemetry-options.interface.js';

/** Bucket boundaries (seconds) the MCP semantic conventions advise for operation durations. */
const DURATION_BUCKETS = [0.01, 0.02, 0.05, 0.1, 0.2, 0.5, 1, 2, 5, 10, 30, 60, 120, 300];

/**
 * The metrics: `mcp.server.operation.duration` and `mcp.client.operation.duration` (histograms in
 * seconds: their counts are the request counts, split by `mcp.method.name`, `gen_ai.tool.name`,
 * `error.type`), `mcp.server.session.duration`, `mcp.server.active_sessions` (up-down counter from
 * the session events) and, given a stats source, the gauges `mcp.server.open_streams` (listen
 * streams) and `mcp.server.in_flight`.
 */
export class OtelMetrics {
  private readonly serverDuration: Otel.Histogram;
  private readonly clientDuration: Otel.Histogram;
  private readonly sessionDuration: Otel.Histogram;
  private readonly activeSessions: Otel.UpDownCounter;
  private readonly observers: Array<() => void> = [];

  constructor(
    private readonly meter: Otel.Meter,
    private readonly stats?: () => McpTelemetryStats,
  ) {
    const advice = { explicitBucketBoundaries: DURATION_BUCKETS };
    this.serverDuration = meter.createHistogram('mcp.server.operation.duration', {
      unit: 's',
      description: 'MCP request duration as observed on the server',
      advice,
    });
    this.clientDuration = meter.createHistogram('mcp.client.operation.duration', {
      unit: 's',
      description: 'MCP request duration as observed on the client',
      advice,
    });
    this.sessionDuration = meter.createHistogram('mcp.server.session.duration', {
      unit: 's',
      description: 'Duration of MCP sessions on the server',
    });
    this.activeSessions = meter.createUpDownCounter('mcp.server.active_sessions', {
      unit: '{session}',
      description: 'Open MCP sessions (2025 sessions and stdio/WebSocket connections)',
    });
    if (stats) this.observeStats(stats);
  }

  private observeStats(stats: () => McpTelemetryStats): void {
    const streams = this.meter.createObservableGauge('mcp.server.open_streams', {
      unit: '{stream}',
      description: 'Open subscriptions/listen streams',
    });
    const inFlight = this.meter.createObservableGauge('mcp.server.in_flight', {
      unit: '{request}',
      description: 'Requests being handled',
    });
    const observeStreams: Otel.ObservableCallback = (r) => r.observe(stats().listenStreams);
    const observeInFlight: Otel.ObservableCallback = (r) => r.observe(stats().inFlight);
    streams.addCallback(observeStreams);
    inFlight.addCallback(observeInFlight);
    this.observers.push(
      () => streams.removeCallback(observeStreams),
      () => inFlight.removeCallback(observeInFlight),
    );
  }

  /** Stops observing the gauges (the bridge was disabled). */
  dispose(): void {
    for (const stop of this.observers.splice(0)) stop();
  }

  /** `asyncEnd` of `nestjs-mcp:server.request`. */
  serverEnd = (message: unknown): void => {
    this.record(this.serverDuration, message as McpServerRequestEvent);
  };

  /** `asyncEnd` of `nestjs-mcp:client.request`. */
  clientEnd = (message: unknown): void => {
    this.record(this.clientDuration, message as McpClientRequestEvent);
  };

  /** `nestjs-mcp:server.session.open`. */
  sessionOpen = (message: unknown): void => {
    this.activeSessions.add(1, {
      'network.transport.kind': (message as McpSessionEvent).transport,
    });
  };

  /** `nestjs-mcp:server.session.close`. */
  sessionClose = (message: unknown): void => {
    const event = message as McpSessionEvent;
    const attributes = { 'network.transport.kind': event.transport };
    this.activeSessions.add(-1, attributes);
    if (event.durationMs !== undefined)
      this.sessionDuration.record(event.durationMs / 1000, attributes);
  };

  private record(
    histogram: Otel.Histogram,
    event: McpServerRequestEvent | McpClientRequestEvent,
  ): void {
    const attributes = metricAttributes(event);
    const type = errorType(event);
    if (type !== undefined) attributes['error.type'] = type;
    histogram.record((event.durationMs ?? 0) / 1000, attributes);
  }
}
