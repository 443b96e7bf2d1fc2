import type * as Otel from '@opentelemetry/api';
import { loadOptionalPeer } from '../../load-optional-peer.js';
import { channels } from '../mcp-channels.js';
import type { McpOpenTelemetryOptions } from './mcp-open-telemetry-options.interface.js';
import { OtelMetrics } from './otel-metrics.js';
import { OtelTracing } from './otel-tracing.js';

/** Instrumentation scope name of every tracer and meter. */
export const MCP_INSTRUMENTATION_SCOPE = 'nestjs-mcp';

type Unsubscribe = () => void;

/** Subscribes `handler` to a plain or tracing sub-channel and returns its undo. */
function on(
  channel: {
    subscribe(h: (m: unknown) => void): void;
    unsubscribe(h: (m: unknown) => void): unknown;
  },
  handler: (message: unknown) => void,
): Unsubscribe {
  channel.subscribe(handler);
  return () => void channel.unsubscribe(handler);
}

/**
 * OpenTelemetry spans and metrics built on the `nestjs-mcp:*` diagnostics channels, for every
 * server and client in the process. `@opentelemetry/api` is an optional peer dependency, loaded
 * by {@link McpOpenTelemetry.create} on first use; with no bridge enabled the channels have no
 * subscriber and cost nothing.
 * @example
 * ```ts
 * const otel = await McpOpenTelemetry.create({ metrics: false });
 * otel.enable();
 * ```
 */
export class McpOpenTelemetry {
  private undo: Unsubscribe[] = [];

  private constructor(
    private readonly api: typeof Otel,
    private readonly options: McpOpenTelemetryOptions,
  ) {}

  /**
   * Loads `@opentelemetry/api` and builds the bridge (not yet subscribed: call `enable()`).
   * @throws Error naming the missing package when `@opentelemetry/api` is not installed.
   */
  static async create(options: McpOpenTelemetryOptions = {}): Promise<McpOpenTelemetry> {
    const api = await loadOptionalPeer<typeof Otel>('@opentelemetry/api', 'McpOpenTelemetry');
    return new McpOpenTelemetry(api, options);
  }

  /** True while subscribed. */
  get enabled(): boolean {
    return this.undo.length > 0;
  }

  /** Subscribes to the channels (idempotent). */
  enable(): void {
    if (this.enabled) return;
    const { tracing = true, metrics = true } = this.options;
    if (tracing) this.enableTracing();
    if (metrics) this.enableMetrics();
  }

  /** Unsubscribes from every channel; spans in flight still end. */
  disable(): void {
    for (const undo of this.undo.splice(0)) undo();
  }

  private enableTracing(): void {
    const provider = (this.options.tracerProvider ??
      this.api.trace.getTracerProvider()) as Otel.TracerProvider;
    const spans = new OtelTracing(this.api, provider.getTracer(MCP_INSTRUMENTATION_SCOPE));
    this.undo.push(
      on(channels.serverRequest.start, spans.serverStart),
      on(channels.serverRequest.asyncEnd, spans.end),
      on(channels.clientRequest.start, spans.clientStart),
      on(channels.clientRequest.asyncEnd, spans.end),
      on(channels.serverToClientRequest.start, spans.serverToClientStart),
      on(channels.serverToClientRequest.asyncEnd, spans.end),
    );
  }

  private enableMetrics(): void {
    const provider = (this.options.meterProvider ??
      this.api.metrics.getMeterProvider()) as Otel.MeterProvider;
    const meters = new OtelMetrics(
      provider.getMeter(MCP_INSTRUMENTATION_SCOPE),
      this.options.stats,
    );
    this.undo.push(
      on(channels.serverRequest.asyncEnd, meters.serverEnd),
      on(channels.clientRequest.asyncEnd, meters.clientEnd),
      on(channels.sessionOpen, meters.sessionOpen),
      on(channels.sessionClose, meters.sessionClose),
      () => meters.dispose(),
    );
  }
}
