import { PassThrough, Writable } from 'node:stream';
import { z } from 'zod';
import type { McpContext } from '../../../../lib/server/context/mcp-context.js';
import { McpServer } from '../../../../lib/server/mcp-server.js';
import type { McpSession } from '../../../../lib/server/session/mcp-session.js';
import type { TransportInfo } from '../../../../lib/engine/transport-info.interface.js';
import { StdioServerTransport } from '../../../../lib/transports/stdio/stdio-server.transport.js';
import { HeldWritable, OutputCollector, until } from './support.js';

const INITIALIZE = {
  jsonrpc: '2.0',
  id: 'init',
  method: 'initialize',
  params: {
    protocolVersion: '2025-11-25',
    capabilities: {},
    clientInfo: { name: 'unit', version: '1.0.0' },
  },
};
const INITIALIZED = { jsonrpc: '2.0', method: 'notifications/initialized' };

interface Harness {
  server: McpServer;
  input: PassThrough;
  transport: StdioServerTransport;
  seen: { transport?: TransportInfo; aborted?: boolean };
}

function setup(
  output: Writable,
  options: { maxMessageBytes?: number; maxBufferedBytes?: number } = {},
) {
  const server = new McpServer({ name: 'stdio-unit', version: '1.0.0' });
  const seen: Harness['seen'] = {};
  server.registerTool(
    { name: 'echo', inputSchema: { text: z.string() } },
    ({ text }: { text: string }, ctx: McpContext) => {
      seen.transport = ctx.transport;
      return text;
    },
  );
  server.registerTool({ name: 'wait' }, (_args: unknown, ctx: McpContext) => {
    return new Promise((_resolve, reject) => {
      ctx.signal.addEventListener('abort', () => {
        seen.aborted = true;
        reject(ctx.signal.reason);
      });
    });
  });
  const input = new PassThrough();
  const warnings: string[] = [];
  const transport = new StdioServerTransport(
    server.core.createSession(undefined, 'stdio'),
    input,
    output,
    { ...options, logger: { warn: (m) => warnings.push(m), error: (m) => warnings.push(m) } },
  );
  transport.start();
  return { server, input, transport, seen, warnings };
}

const line = (message: unknown) => `${JSON.stringify(message)}\n`;
const call = (id: number | string, name: string, args: Record<string, unknown> = {}) =>
  line({ jsonrpc: '2.0', id, method: 'tools/call', params: { name, arguments: args } });
const byId = (messages: Array<Record<string, unknown>>, id: unknown) =>
  messages.find((m) => m.id === id && !('method' in m));

describe('StdioServerTransport', () => {
  let out: OutputCollector;

  beforeEach(() => {
    out = new OutputCollector();
  });

  it('serves a session over newline-delimited JSON-RPC, with transport kind stdio', async () => {
    const { input, seen, transport } = setup(out.stream);
    input.write(line(INITIALIZE) + line(INITIALIZED) + call(1, 'echo', { text: 'hi' }));

    const result = await until(() => byId(out.messages(), 1), 'tools/call answer');
    expect(result).toEqual({
      jsonrpc: '2.0',
      id: 1,
      result: { content: [{ type: 'text', text: 'hi' }] },
    });
    expect(byId(out.messages(), 'init')).toMatchObject({
      result: { protocolVersion: '2025-11-25', serverInfo: { name: 'stdio-unit' } },
    });
    expect(seen.transport).toEqual({ kind: 'stdio' });
    // One message per line, no embedded newlines, nothing else on the stream.
    expect(out.raw.endsWith('\n')).toBe(true);
    for (const raw of out.raw.trimEnd().split('\n')) expect(() => JSON.parse(raw)).not.toThrow();
    await transport.close();
  });

  it('accepts CRLF line endings, blank lines and messages split across chunks', async () => {
    const { input, transport } = setup(out.stream);
    const text = `\r\n${line(INITIALIZE).replace('\n', '\r\n')}\n${line(INITIALIZED)}${call(2, 'echo', { text: 'é' })}`;
    const bytes = Buffer.from(text, 'utf8');
    for (let i = 0; i < bytes.length; i += 7) input.write(bytes.subarray(i, i + 7));

    expect(await until(() => byId(out.messages(), 2), 'answer')).toMatchObject({
      result: { content: [{ type: 'text', text: 'é' }] },
    });
    expect(out.messages().filter((m) => 'error' in m)).toEqual([]);
    await transport.close();
  });

  it('answers garbage with JSON-RPC errors and keeps serving', async () => {
    const { input, transport } = setup(out.stream);
    input.write(line(INITIALIZE) + line(INITIALIZED));
    input.write('this is not json\n');
    input.write(line({ jsonrpc: '2.0', id: 7, method: 42 }));
    input.write(line({ jsonrpc: '1.0', id: 'old', method: 'ping' }));
    input.write(line([{ jsonrpc: '2.0', id: 8, method: 'ping' }]));
    input.write(line({ jsonrpc: '2.0', id: 9, method: 'ping' }));

    const messages = await until(() => {
      const all = out.messages();
      return byId(all, 9) && all.length >= 6 ? all : undefined;
    }, 'all answers');
    const errors = messages.filter((m) => 'error' in m);
    expect(errors).toEqual([
      {
        jsonrpc: '2.0',
        id: null,
        error: { code: -32700, message: expect.stringMatching(/^Parse error/) },
      },
      { jsonrpc: '2.0', id: 7, error: { code: -32600, message: expect.any(String) } },
      { jsonrpc: '2.0', id: 'old', error: { code: -32600, message: expect.any(String) } },
      { jsonrpc: '2.0', id: null, error: { code: -32600, message: expect.any(String) } },
    ]);
    expect(byId(messages, 9)).toEqual({ jsonrpc: '2.0', id: 9, result: {} });
    expect(transport.session.closed).toBe(false);
    await transport.close();
  });

  it('rejects an oversized line with -32600 without buffering it, then serves the next one', async () => {
    const { input, transport } = setup(out.stream, { maxMessageBytes: 1024 });
    input.write(line(INITIALIZE) + line(INITIALIZED));
    const huge = JSON.stringify({
      jsonrpc: '2.0',
      id: 'big',
      method: 'ping',
      params: { pad: 'x'.repeat(10_000) },
    });
    for (let i = 0; i < huge.length; i += 500) input.write(huge.slice(i, i + 500));
    input.write('\n' + line({ jsonrpc: '2.0', id: 'small', method: 'ping' }));

    const messages = await until(() => {
      const all = out.messages();
      return byId(all, 'small') ? all : undefined;
    }, 'answer after the oversized line');
    expect(messages.filter((m) => 'error' in m)).toEqual([
      {
        jsonrpc: '2.0',
        id: null,
        error: { code: -32600, message: 'Message exceeds the line limit of 1024 bytes' },
      },
    ]);
    expect(byId(messages, 'big')).toBeUndefined();
    await transport.close();
  });

  it('pauses reading while stdout is backpressured and resumes on drain', async () => {
    const held = new HeldWritable(64);
    const { input, transport } = setup(held);
    input.write(line(INITIALIZE) + line(INITIALIZED));
    for (let i = 0; i < 20; i++) input.write(line({ jsonrpc: '2.0', id: i, method: 'ping' }));

    await until(() => input.isPaused(), 'input paused');
    const answeredWhileHeld = held.lines().length;
    expect(answeredWhileHeld).toBeLessThan(21);

    held.release();
    const answers = await until(() => {
      const all = held.lines() as Array<Record<string, unknown>>;
      return all.length === 21 ? all : undefined;
    }, 'every answer after drain');
    expect(answers.slice(1).map((m) => m.id)).toEqual(Array.from({ length: 20 }, (_, i) => i));
    expect(input.isPaused()).toBe(false);
    await transport.close();
  });

  it('on stdin EOF closes the session, aborting running handlers without answering them', async () => {
    const { input, transport, seen } = setup(out.stream);
    input.write(line(INITIALIZE) + line(INITIALIZED) + call('slow', 'wait'));
    await until(
      () => (transport.session as McpSession).peer.inFlightCount === 1,
      'handler running',
    );
    input.end();

    await expect(transport.closed).resolves.toBe('end-of-input');
    expect(transport.session.closed).toBe(true);
    expect(seen.aborted).toBe(true);
    await transport.close();
    expect(byId(out.messages(), 'slow')).toBeUndefined();
  });

  it('stops when stdout fails (the client went away)', async () => {
    const { input, transport } = setup(out.stream);
    input.write(line(INITIALIZE));
    await until(() => byId(out.messages(), 'init'), 'initialize answer');
    out.stream.destroy(new Error('EPIPE'));
    await expect(transport.closed).resolves.toBe('output-error');
    expect(transport.session.closed).toBe(true);
    expect(input.listenerCount('data')).toBe(0);
  });

  it('stops when the session is closed elsewhere (server shutdown)', async () => {
    const { server, transport } = setup(out.stream);
    server.close();
    await expect(transport.closed).resolves.toBe('session-closed');
  });

  it('close() flushes what was already queued', async () => {
    const held = new HeldWritable(16);
    const { input, transport } = setup(held);
    input.write(line(INITIALIZE));
    await until(() => held.chunks.length > 0, 'first write');
    let flushed = false;
    const closing = transport.close().then(() => (flushed = true));
    await new Promise((resolve) => setImmediate(resolve));
    expect(flushed).toBe(false);
    held.release();
    await closing;
    expect(held.lines()).toEqual([expect.objectContaining({ id: 'init' })]);
    await expect(transport.closed).resolves.toBe('closed');
  });
});
