import 'reflect-metadata';
import { Injectable, type INestApplication } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import { context, propagation, trace, type Span } from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import { W3CTraceContextPropagator } from '@opentelemetry/core';
import {
  BasicTracerProvider,
  InMemorySpanExporter,
  SimpleSpanProcessor,
  type ReadableSpan,
} from '@opentelemetry/sdk-trace-base';
import { MeterProvider, MetricReader } from '@opentelemetry/sdk-metrics';
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { z } from 'zod';
import {
  McpClient,
  McpContext,
  McpError,
  McpModule,
  McpTelemetryModule,
  StreamableHttpClientTransport,
  Tool,
  type VersionNegotiation,
} from '../../../lib/index.js';

const SPAN_KIND = { INTERNAL: 0, SERVER: 1, CLIENT: 2 } as const;

/** Tools whose handler makes its own span (a child of the request's server span). */
@Injectable()
class TracedTools {
  @Tool({ description: 'Looks a city up', inputSchema: { city: z.string() } })
  weather({ city }: { city: string }, ctx: McpContext) {
    const span = trace.getTracer('app').startSpan('db.lookup');
    span.end();
    return { city, traceparent: ctx.traceContext.traceparent ?? null };
  }

  @Tool({ description: 'Always refuses' })
  refuse(): never {
    throw McpError.invalidParams('refused on purpose');
  }
}

class TestReader extends MetricReader {
  protected async onForceFlush(): Promise<void> {}
  protected async onShutdown(): Promise<void> {}
}

describe('OpenTelemetry: one trace from McpClient to the server over Streamable HTTP', () => {
  const exporter = new InMemorySpanExporter();
  const tracerProvider = new BasicTracerProvider({
    spanProcessors: [new SimpleSpanProcessor(exporter)],
  });
  const reader = new TestReader();
  const meterProvider = new MeterProvider({ readers: [reader] });
  const contextManager = new AsyncLocalStorageContextManager().enable();
  let app: INestApplication;
  let url: URL;

  beforeAll(async () => {
    context.setGlobalContextManager(contextManager);
    propagation.setGlobalPropagator(new W3CTraceContextPropagator());
    trace.setGlobalTracerProvider(tracerProvider);
    const moduleRef = await Test.createTestingModule({
      imports: [
        McpModule.forRoot({ name: 'otel-server', version: '1.0.0' }),
        // The async form (the sample uses forRoot): options from a factory.
        McpTelemetryModule.forRootAsync({ useFactory: () => ({ meterProvider }) }),
      ],
      providers: [TracedTools],
    }).compile();
    app = moduleRef.createNestApplication({ logger: false });
    await app.listen(0, '127.0.0.1');
    const { port } = (app.getHttpServer() as Server).address() as AddressInfo;
    url = new URL(`http://127.0.0.1:${port}/mcp`);
  });

  afterAll(async () => {
    await app?.close();
    trace.disable();
    propagation.disable();
    context.disable();
    await meterProvider.shutdown();
  });

  const spansOf = (traceId: string): ReadableSpan[] =>
    exporter.getFinishedSpans().filter((s) => s.spanContext().traceId === traceId);
  const parentOf = (span: ReadableSpan) => span.parentSpanContext?.spanId;

  describe.each([
    ['2025 session', 'legacy', '2025-11-25'],
    ['2026-07-28 stateless', 'auto', '2026-07-28'],
  ] as const)('%s', (_label, negotiation: VersionNegotiation, version) => {
    let client: McpClient;

    beforeAll(async () => {
      client = new McpClient({
        transport: new StreamableHttpClientTransport(url),
        clientInfo: { name: 'otel-client', version: '1.0.0' },
        versionNegotiation: negotiation,
      });
      await client.connect();
      expect(client.protocolVersion).toBe(version);
      exporter.reset();
    });
    afterAll(() => client?.close());

    it('client span -> server span (parent from _meta traceparent) -> handler span, one trace', async () => {
      const tracer = trace.getTracer('test');
      const { root, result } = await tracer.startActiveSpan('agent', async (root: Span) => {
        const result = await client.callTool('weather', { city: 'Oslo' });
        root.end();
        return { root, result };
      });
      const traceId = root.spanContext().traceId;
      const spans = spansOf(traceId);
      const clientSpan = spans.find((s) => s.kind === SPAN_KIND.CLIENT)!;
      const serverSpan = spans.find((s) => s.kind === SPAN_KIND.SERVER)!;
      const handlerSpan = spans.find((s) => s.name === 'db.lookup')!;
      expect(clientSpan.name).toBe('tools/call weather');
      expect(serverSpan.name).toBe('tools/call weather');
      expect(parentOf(clientSpan)).toBe(root.spanContext().spanId);
      expect(parentOf(serverSpan)).toBe(clientSpan.spanContext().spanId);
      expect(parentOf(handlerSpan)).toBe(serverSpan.spanContext().spanId);
      // The tool saw the client span's context in its request's _meta.
      const seen = (result.structuredContent as { traceparent: string }).traceparent;
      expect(seen).toBe(`00-${traceId}-${clientSpan.spanContext().spanId}-01`);

      expect(serverSpan.attributes).toMatchObject({
        'mcp.method.name': 'tools/call',
        'gen_ai.tool.name': 'weather',
        'gen_ai.operation.name': 'execute_tool',
        'mcp.protocol.version': version,
        'network.transport': 'tcp',
        'network.protocol.name': 'http',
      });
      expect(typeof serverSpan.attributes['jsonrpc.request.id']).toBe('string');
      expect(clientSpan.attributes).toMatchObject({
        'mcp.method.name': 'tools/call',
        'gen_ai.tool.name': 'weather',
        'mcp.protocol.version': version,
      });
      if (negotiation === 'legacy') {
        expect(typeof serverSpan.attributes['mcp.session.id']).toBe('string');
        expect(clientSpan.attributes['mcp.session.id']).toBe(
          serverSpan.attributes['mcp.session.id'],
        );
      } else {
        expect(serverSpan.attributes['mcp.session.id']).toBeUndefined();
      }
      expect(serverSpan.status.code).toBe(0);
    });

    it('marks both spans as errors with the JSON-RPC code as error.type', async () => {
      exporter.reset();
      await expect(client.callTool('refuse', {})).rejects.toThrow('refused on purpose');
      const spans = exporter.getFinishedSpans().filter((s) => s.name === 'tools/call refuse');
      expect(spans.map((s) => s.kind).sort()).toEqual([SPAN_KIND.SERVER, SPAN_KIND.CLIENT]);
      for (const span of spans) {
        expect(span.status.code).toBe(2);
        expect(span.attributes['error.type']).toBe('-32602');
        expect(span.attributes['rpc.response.status_code']).toBe('-32602');
      }
    });
  });

  it('records operation durations per method and tool, and the active sessions', async () => {
    const { resourceMetrics } = await reader.collect();
    const metrics = resourceMetrics.scopeMetrics
      .filter((s) => s.scope.name === 'nestjs-mcp')
      .flatMap((s) => s.metrics);
    const byName = (name: string) => metrics.find((m) => m.descriptor.name === name);
    const server = byName('mcp.server.operation.duration')!;
    const weatherCalls = server.dataPoints.filter(
      (p) => p.attributes['gen_ai.tool.name'] === 'weather',
    );
    const count = weatherCalls.reduce((n, p) => n + (p.value as { count: number }).count, 0);
    expect(count).toBe(2); // one per era
    expect(server.descriptor.unit).toBe('s');
    const refused = server.dataPoints.find((p) => p.attributes['error.type'] === '-32602');
    expect(refused).toBeDefined();
    expect(byName('mcp.client.operation.duration')).toBeDefined();
    expect(byName('mcp.server.active_sessions')).toBeDefined();
    expect(byName('mcp.server.open_streams')).toBeDefined();
  });
});
