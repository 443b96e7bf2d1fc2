/** Load figures the metrics gauges read (an `McpServer.stats()` snapshot satisfies it). */
export interface McpTelemetryStats {
  readonly sessions: number;
  readonly inFlight: number;
  readonly listenStreams: number;
}

/**
 * Options of the OpenTelemetry bridge (`McpOpenTelemetry`, `McpTelemetryModule.forRoot`).
 * Providers default to the globally registered ones (`trace.getTracerProvider()`,
 * `metrics.getMeterProvider()`), so an app that starts the OpenTelemetry SDK needs none.
 */
export interface McpOpenTelemetryOptions {
  /** Server and client spans (default true). */
  tracing?: boolean;
  /** Durations, active sessions and open streams (default true). */
  metrics?: boolean;
  /** An OpenTelemetry `TracerProvider` (typed loosely: `@opentelemetry/api` is optional). */
  tracerProvider?: { getTracer(name: string, version?: string): unknown };
  /** An OpenTelemetry `MeterProvider`. */
  meterProvider?: { getMeter(name: string, version?: string): unknown };
  /** Where the gauges read sessions, in-flight requests and listen streams (`McpServer.stats`). */
  stats?: () => McpTelemetryStats;
}
