/**
 * The OpenTelemetry arm of `npm run bench`: the same `tools/call` load on the 2025 session with
 * the OpenTelemetry SDK installed and the nestjs-mcp bridge subscribed, sampling on (every span
 * recorded and batched to an exporter that drops them) and sampling off (spans not recorded,
 * trace context still propagated), metrics recorded in both. Without a bridge the channels have
 * no subscriber (the plain `mcp` runs).
 */
import { context, propagation } from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import { ExportResultCode, W3CTraceContextPropagator } from '@opentelemetry/core';
import {
  AggregationTemporality,
  MeterProvider,
  PeriodicExportingMetricReader,
  type PushMetricExporter,
} from '@opentelemetry/sdk-metrics';
import {
  AlwaysOffSampler,
  AlwaysOnSampler,
  BasicTracerProvider,
  BatchSpanProcessor,
  type SpanExporter,
} from '@opentelemetry/sdk-trace-base';
import { McpOpenTelemetry } from '../lib/index.js';

/** Counts what it is given, keeps nothing. */
const droppingSpans: SpanExporter & { spans: number } = {
  spans: 0,
  export(spans, done) {
    droppingSpans.spans += spans.length;
    done({ code: ExportResultCode.SUCCESS });
  },
  shutdown: () => Promise.resolve(),
};

const droppingMetrics: PushMetricExporter = {
  export: (_metrics, done) => done({ code: ExportResultCode.SUCCESS }),
  forceFlush: () => Promise.resolve(),
  shutdown: () => Promise.resolve(),
  selectAggregationTemporality: () => AggregationTemporality.CUMULATIVE,
};

/** The two bridges (sampling on, off), built once; one is enabled at a time. */
export interface OtelArm {
  /** Subscribes the bridge with sampling on or off (the other one unsubscribed); `none`: neither. */
  use(mode: 'on' | 'off' | 'none'): void;
  /** Spans exported so far (sampling on). */
  readonly exportedSpans: number;
  shutdown(): Promise<void>;
}

/** Installs the OpenTelemetry SDK globals and builds the bridges. */
export async function createOtelArm(): Promise<OtelArm> {
  context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable());
  propagation.setGlobalPropagator(new W3CTraceContextPropagator());
  const provider = (sampler: AlwaysOnSampler | AlwaysOffSampler) =>
    new BasicTracerProvider({ sampler, spanProcessors: [new BatchSpanProcessor(droppingSpans)] });
  const sampled = provider(new AlwaysOnSampler());
  const unsampled = provider(new AlwaysOffSampler());
  const meterProvider = new MeterProvider({
    readers: [
      new PeriodicExportingMetricReader({
        exporter: droppingMetrics,
        exportIntervalMillis: 60_000,
      }),
    ],
  });
  const on = await McpOpenTelemetry.create({ tracerProvider: sampled, meterProvider });
  const off = await McpOpenTelemetry.create({ tracerProvider: unsampled, meterProvider });
  return {
    use(mode) {
      on.disable();
      off.disable();
      if (mode === 'on') on.enable();
      if (mode === 'off') off.enable();
    },
    get exportedSpans() {
      return droppingSpans.spans;
    },
    async shutdown() {
      on.disable();
      off.disable();
      await Promise.all([sampled.shutdown(), unsampled.shutdown(), meterProvider.shutdown()]);
    },
  };
}
