import 'reflect-metadata';
import { Module, type DynamicModule } from '@nestjs/common';
import { PassThrough } from 'node:stream';
import { McpModule, McpServer, McpStdio, type McpStdioServer } from '../../../lib/index.js';
import { TestTools } from '../support/test-tools.js';
import { waitFor, within } from '../support/wait.js';

/** The stdio server in process on a pair of streams; the runner drains on SIGUSR2 (emitted). */
class StdioUnderTest {
  readonly lines: Array<Record<string, unknown>> = [];
  private readonly input = new PassThrough();
  private readonly output = new PassThrough();
  runner!: McpStdioServer;

  async start(drainTimeoutMs: number): Promise<this> {
    @Module({
      imports: [McpModule.forRoot({ name: 'stdio-drain', version: '1.0.0', drainTimeoutMs })],
      providers: [TestTools],
    })
    class DrainModule {}
    let buffer = '';
    this.output.on('data', (chunk: Buffer) => {
      buffer += chunk.toString('utf8');
      for (let i = buffer.indexOf('\n'); i >= 0; i = buffer.indexOf('\n')) {
        this.lines.push(JSON.parse(buffer.slice(0, i)) as Record<string, unknown>);
        buffer = buffer.slice(i + 1);
      }
    });
    this.runner = await McpStdio.run(DrainModule as unknown as DynamicModule, {
      input: this.input,
      output: this.output,
      exitOnClose: false,
      signals: ['SIGUSR2'],
      logger: false,
    });
    await this.request('init', 'initialize', {
      protocolVersion: '2025-11-25',
      capabilities: {},
      clientInfo: { name: 'stdio-drain', version: '1.0.0' },
    });
    this.send({ jsonrpc: '2.0', method: 'notifications/initialized' });
    return this;
  }

  get tools(): TestTools {
    return this.runner.app.get(TestTools);
  }

  get server(): McpServer {
    return this.runner.app.get(McpServer, { strict: false });
  }

  send(message: unknown): void {
    this.input.write(`${JSON.stringify(message)}\n`);
  }

  response(id: string | number): Promise<Record<string, unknown>> {
    return within(
      waitFor(() => this.lines.find((l) => l.id === id && !('method' in l)), { timeoutMs: 10_000 }),
      10_000,
      `response ${id}`,
    );
  }

  request(id: string | number, method: string, params?: Record<string, unknown>) {
    this.send({ jsonrpc: '2.0', id, method, ...(params && { params }) });
    return this.response(id);
  }
}

const SHUTDOWN_ERROR = { code: -32000, data: { limit: 'shutdown' } };

/** Graceful shutdown over stdio: SIGTERM-like signal drains before the session closes. */
describe('stdio graceful shutdown', () => {
  it('on the signal: refuses new requests, lets a call in flight finish, then closes', async () => {
    const stdio = await new StdioUnderTest().start(30_000);
    stdio.send({
      jsonrpc: '2.0',
      id: 'slow',
      method: 'tools/call',
      params: { name: 'stream_until_released', arguments: { key: 'stdio-slow' } },
    });
    await stdio.tools.probe.wait('started:stdio-slow');
    const server = stdio.server;
    process.emit('SIGUSR2', 'SIGUSR2');
    await waitFor(() => server.stats().draining, { description: 'the drain' });

    const refused = await stdio.request('late', 'tools/call', {
      name: 'echo',
      arguments: { text: 'late' },
    });
    expect(refused).toMatchObject({ error: SHUTDOWN_ERROR });
    stdio.tools.probe.signal('release:stdio-slow');
    expect(await stdio.response('slow')).toMatchObject({
      result: { content: [{ text: 'finished stdio-slow' }] },
    });
    expect(await within(stdio.runner.closed, 10_000, 'the shutdown')).toBe('SIGUSR2');
  });

  it('answers a call slower than the drain window with a -32000 error before closing', async () => {
    const stdio = await new StdioUnderTest().start(50);
    stdio.send({
      jsonrpc: '2.0',
      id: 'stuck',
      method: 'tools/call',
      params: { name: 'wait_for_cancel', arguments: { key: 'stdio-stuck' } },
    });
    await stdio.tools.probe.wait('started:stdio-stuck');
    const closing = stdio.runner.close();
    expect(await stdio.response('stuck')).toMatchObject({ error: SHUTDOWN_ERROR });
    await within(closing, 10_000, 'the shutdown');
  });
});
