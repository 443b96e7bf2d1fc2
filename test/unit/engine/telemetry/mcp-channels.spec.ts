import { AsyncLocalStorage } from 'node:async_hooks';
import diagnostics from 'node:diagnostics_channel';
import { McpClient } from '../../../../lib/client/mcp-client.js';
import { McpChannels } from '../../../../lib/engine/telemetry/mcp-channels.js';
import type {
  McpClientConnectionEvent,
  McpClientRequestEvent,
  McpServerRequestEvent,
  McpServerToClientRequestEvent,
  McpSessionEvent,
} from '../../../../lib/engine/telemetry/mcp-telemetry-events.interface.js';
import { isTraced } from '../../../../lib/engine/telemetry/trace-operation.js';
import { McpError } from '../../../../lib/errors/mcp.error.js';
import { McpServer } from '../../../../lib/server/mcp-server.js';
import { InMemoryClientTransport } from '../../../../lib/transports/in-memory/in-memory-client.transport.js';

type Phase = 'start' | 'end' | 'asyncStart' | 'asyncEnd' | 'error';
const PHASES: Phase[] = ['start', 'end', 'asyncStart', 'asyncEnd', 'error'];

/** Records every phase of a TracingChannel as `[phase, a copy of the context]`. */
function recordTracing<T extends object>(name: string) {
  const channel = diagnostics.tracingChannel<T, T>(name);
  const seen: Array<[Phase, T]> = [];
  const handlers = Object.fromEntries(
    PHASES.map((phase) => [phase, (message: T) => seen.push([phase, { ...message }])]),
  ) as unknown as diagnostics.TracingChannelSubscribers<T>;
  channel.subscribe(handlers);
  return { seen, stop: () => channel.unsubscribe(handlers), channel };
}

/** Records a plain channel. */
function recordChannel<T>(name: string) {
  const seen: T[] = [];
  const handler = (message: unknown) => seen.push(message as T);
  diagnostics.subscribe(name, handler);
  return { seen, stop: () => diagnostics.unsubscribe(name, handler) };
}

const store = new AsyncLocalStorage<string>();

function makeServer(): McpServer {
  const server = new McpServer({ name: 'telemetry-test', version: '1.0.0' });
  server.registerTool({ name: 'echo' }, (_args, ctx) => ({
    traceparent: ctx.traceContext.traceparent ?? null,
    store: store.getStore() ?? null,
  }));
  server.registerTool({ name: 'fails' }, () => {
    throw McpError.invalidParams('no good');
  });
  server.registerTool({ name: 'tool_error' }, () => ({
    content: [{ type: 'text' as const, text: 'broken' }],
    isError: true,
  }));
  server.registerTool({ name: 'slow' }, (_args, ctx) => {
    ctx.progress(1, 2, 'half');
    return 'done';
  });
  server.registerTool({ name: 'roots' }, async (_args, ctx) => ctx.listRoots());
  return server;
}

function connect(server: McpServer, name = 'telemetry-client'): McpClient {
  return new McpClient({
    transport: new InMemoryClientTransport(server.core),
    clientInfo: { name, version: '1.0.0' },
    versionNegotiation: 'legacy',
    roots: [{ uri: 'file:///tmp', name: 'tmp' }],
  });
}

const structured = (result: { structuredContent?: unknown }) =>
  result.structuredContent as { traceparent: string | null; store: string | null };

describe('diagnostics_channel events', () => {
  it('publish nothing and report no tracing without subscribers', () => {
    expect(isTraced(diagnostics.tracingChannel(McpChannels.serverRequest))).toBe(false);
    const recorder = recordTracing(McpChannels.serverRequest);
    expect(isTraced(recorder.channel as never)).toBe(true);
    recorder.stop();
    expect(isTraced(recorder.channel as never)).toBe(false);
  });

  describe('server.request', () => {
    let server: McpServer;
    let client: McpClient;
    let recorder: ReturnType<typeof recordTracing<McpServerRequestEvent>>;

    beforeEach(async () => {
      server = makeServer();
      client = connect(server);
      await client.connect();
      recorder = recordTracing<McpServerRequestEvent>(McpChannels.serverRequest);
    });
    afterEach(async () => {
      recorder.stop();
      await client.close();
    });

    it('gives start, end, asyncStart, asyncEnd of a tools/call with method, tool, session, era, duration and result', async () => {
      await client.callTool('echo', {});
      expect(recorder.seen.map(([phase]) => phase)).toEqual([
        'start',
        'end',
        'asyncStart',
        'asyncEnd',
      ]);
      const [, start] = recorder.seen[0]!;
      expect(start).toMatchObject({
        method: 'tools/call',
        toolName: 'echo',
        transport: 'in-memory',
        era: 'legacy',
        protocolVersion: client.protocolVersion,
      });
      expect(typeof start.requestId).toBe('number');
      const [, done] = recorder.seen[3]!;
      expect(done.durationMs).toBeGreaterThanOrEqual(0);
      expect(done.result).toMatchObject({ structuredContent: { traceparent: null } });
      expect(done.isError).toBeUndefined();
    });

    it('gives an error event with the McpError the client is answered with', async () => {
      await expect(client.callTool('fails', {})).rejects.toThrow('no good');
      const phases = recorder.seen.map(([phase]) => phase);
      expect(phases).toEqual(['start', 'end', 'error', 'asyncStart', 'asyncEnd']);
      const error = recorder.seen[2]![1].error as McpError;
      expect(error).toBeInstanceOf(McpError);
      expect(error.code).toBe(-32602);
    });

    it('marks a tool execution error (isError result) with isError', async () => {
      await client.callTool('tool_error', {});
      expect(recorder.seen[3]![1]).toMatchObject({ toolName: 'tool_error', isError: true });
    });

    it('runs the handler inside runInContext set by a start subscriber', async () => {
      const start = (message: unknown) => {
        (message as McpServerRequestEvent).runInContext = (fn) => store.run('from-subscriber', fn);
      };
      diagnostics.subscribe(`tracing:${McpChannels.serverRequest}:start`, start);
      try {
        expect(structured(await client.callTool('echo', {})).store).toBe('from-subscriber');
      } finally {
        diagnostics.unsubscribe(`tracing:${McpChannels.serverRequest}:start`, start);
      }
    });

    it('publishes the progress the server sends', async () => {
      const progress = recordChannel<Record<string, unknown>>(McpChannels.serverProgress);
      const received = recordChannel<Record<string, unknown>>(McpChannels.clientProgress);
      try {
        await client.callTool('slow', {}, { onProgress: () => undefined });
        expect(progress.seen).toEqual([
          expect.objectContaining({ progress: 1, total: 2, message: 'half' }),
        ]);
        expect(received.seen).toEqual([expect.objectContaining({ progress: 1, total: 2 })]);
      } finally {
        progress.stop();
        received.stop();
      }
    });

    it('traces a server-to-client request (roots/list) related to the call', async () => {
      const s2c = recordTracing<McpServerToClientRequestEvent>(McpChannels.serverToClientRequest);
      try {
        await client.callTool('roots', {});
        const [, done] = s2c.seen.find(([phase]) => phase === 'asyncEnd')!;
        expect(done.method).toBe('roots/list');
        expect(done.result).toEqual({ roots: [{ uri: 'file:///tmp', name: 'tmp' }] });
        const call = recorder.seen.find(([, e]) => e.toolName === 'roots')![1];
        expect(done.relatedRequestId).toBe(call.requestId);
      } finally {
        s2c.stop();
      }
    });
  });

  describe('client.request', () => {
    it('carries method and tool, and sends the meta a start subscriber adds in _meta', async () => {
      const server = makeServer();
      const client = connect(server);
      await client.connect();
      const recorder = recordTracing<McpClientRequestEvent>(McpChannels.clientRequest);
      const start = (message: unknown) => {
        (message as McpClientRequestEvent).meta.traceparent =
          '00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01';
      };
      diagnostics.subscribe(`tracing:${McpChannels.clientRequest}:start`, start);
      try {
        const result = await client.callTool('echo', {});
        expect(structured(result).traceparent).toBe(
          '00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01',
        );
        const [, done] = recorder.seen.find(([phase]) => phase === 'asyncEnd')!;
        expect(done).toMatchObject({
          method: 'tools/call',
          toolName: 'echo',
          client: 'telemetry-client',
          era: 'legacy',
        });
        expect(done.durationMs).toBeGreaterThanOrEqual(0);
        await expect(client.callTool('fails', {})).rejects.toThrow('no good');
        expect(
          recorder.seen.some(
            ([phase, e]) => phase === 'error' && (e.error as McpError).code === -32602,
          ),
        ).toBe(true);
      } finally {
        diagnostics.unsubscribe(`tracing:${McpChannels.clientRequest}:start`, start);
        recorder.stop();
        await client.close();
      }
    });
  });

  it('publishes session open/close and client connect/disconnect', async () => {
    const opened = recordChannel<McpSessionEvent>(McpChannels.sessionOpen);
    const closed = recordChannel<McpSessionEvent>(McpChannels.sessionClose);
    const connected = recordChannel<McpClientConnectionEvent>(McpChannels.clientConnect);
    const disconnected = recordChannel<McpClientConnectionEvent>(McpChannels.clientDisconnect);
    try {
      const client = connect(makeServer(), 'lifecycle');
      await client.connect();
      expect(opened.seen).toEqual([expect.objectContaining({ transport: 'in-memory' })]);
      expect(connected.seen).toEqual([
        expect.objectContaining({
          client: 'lifecycle',
          era: 'legacy',
          serverName: 'telemetry-test',
        }),
      ]);
      await client.close();
      await new Promise((resolve) => setImmediate(resolve));
      expect(disconnected.seen).toEqual([expect.objectContaining({ client: 'lifecycle' })]);
      expect(disconnected.seen[0]!.durationMs).toBeGreaterThanOrEqual(0);
      expect(closed.seen).toEqual([expect.objectContaining({ transport: 'in-memory' })]);
      expect(closed.seen[0]!.durationMs).toBeGreaterThanOrEqual(0);
    } finally {
      for (const r of [opened, closed, connected, disconnected]) r.stop();
    }
  });
});
