import 'reflect-metadata';
import { Injectable, Module, type LoggerService, type OnModuleDestroy } from '@nestjs/common';
import { PassThrough } from 'node:stream';
import { McpModule } from '../../../../lib/nest/mcp.module.js';
import { McpStdio } from '../../../../lib/nest/stdio/mcp-stdio.js';
import { Tool } from '../../../../lib/nest/decorators/mcp-primitives.decorator.js';
import { OutputCollector, until } from '../../transports/stdio/support.js';

/** Records lifecycle facts of the app under test. */
const facts = { destroyed: 0, hang: false };

@Injectable()
class StdioTools implements OnModuleDestroy {
  @Tool({ description: 'Says hi' })
  hello() {
    return 'hi';
  }

  onModuleDestroy(): Promise<void> | void {
    facts.destroyed++;
    if (facts.hang) return new Promise<void>(() => undefined);
  }
}

@Module({
  imports: [McpModule.forRoot({ name: 'stdio-app', version: '1.0.0' })],
  providers: [StdioTools],
})
class StdioAppModule {}

@Module({})
class EmptyModule {}

@Injectable()
class FailingProvider {
  onModuleInit(): void {
    throw new Error('database unreachable');
  }
}

@Module({
  imports: [McpModule.forRoot({ name: 'failing', version: '1.0.0' })],
  providers: [FailingProvider],
})
class FailingModule {}

class MemoryLogger implements LoggerService {
  readonly lines: string[] = [];
  log = (message: unknown) => void this.lines.push(`log ${String(message)}`);
  error = (message: unknown) => void this.lines.push(`error ${String(message)}`);
  warn = (message: unknown) => void this.lines.push(`warn ${String(message)}`);
}

const INITIALIZE = JSON.stringify({
  jsonrpc: '2.0',
  id: 1,
  method: 'initialize',
  params: {
    protocolVersion: '2025-11-25',
    capabilities: {},
    clientInfo: { name: 'u', version: '1' },
  },
});

describe('McpStdio.run', () => {
  let input: PassThrough;
  let out: OutputCollector;
  let logger: MemoryLogger;

  beforeEach(() => {
    input = new PassThrough();
    out = new OutputCollector();
    logger = new MemoryLogger();
    facts.destroyed = 0;
    facts.hang = false;
  });

  const run = (extra: Parameters<typeof McpStdio.run>[1] = {}) =>
    McpStdio.run(StdioAppModule, {
      input,
      output: out.stream,
      logger,
      exitOnClose: false,
      signals: [],
      ...extra,
    });

  it("serves the app's McpServer over the streams, logging through the given logger", async () => {
    const stdio = await run();
    input.write(`${INITIALIZE}\n`);
    input.write('{"jsonrpc":"2.0","method":"notifications/initialized"}\n');
    input.write('{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"hello"}}\n');

    const answer = await until(() => out.messages().find((m) => m.id === 2), 'tool answer');
    expect(answer).toEqual({
      jsonrpc: '2.0',
      id: 2,
      result: { content: [{ type: 'text', text: 'hi' }] },
    });
    expect(out.messages().find((m) => m.id === 1)).toMatchObject({
      result: { serverInfo: { name: 'stdio-app', version: '1.0.0' } },
    });
    expect(stdio.server.tools.size).toBe(1);
    expect(logger.lines).toContain('log Serving MCP over stdio');
    await stdio.close();
  });

  it('shuts down on stdin EOF: session closed, app closed', async () => {
    const stdio = await run();
    input.end();
    await expect(stdio.closed).resolves.toBe('end-of-input');
    expect(stdio.transport.session.closed).toBe(true);
    expect(facts.destroyed).toBe(1);
    expect(logger.lines).toContain('log Shutting down (stdin closed)');
  });

  it('shuts down on a configured signal and removes its handler', async () => {
    const before = process.listenerCount('SIGUSR2');
    const stdio = await run({ signals: ['SIGUSR2'] });
    expect(process.listenerCount('SIGUSR2')).toBe(before + 1);
    process.emit('SIGUSR2', 'SIGUSR2');
    await expect(stdio.closed).resolves.toBe('SIGUSR2');
    expect(facts.destroyed).toBe(1);
    expect(process.listenerCount('SIGUSR2')).toBe(before);
  });

  it('bounds the shutdown when the app does not close', async () => {
    facts.hang = true;
    const stdio = await run({ shutdownTimeoutMs: 50 });
    await stdio.close();
    await expect(stdio.closed).resolves.toBe('closed');
    expect(logger.lines).toContain('error Shutdown did not finish within 50 ms');
  });

  it('fails with a clear message when the module has no McpServer', async () => {
    await expect(
      McpStdio.run(EmptyModule, {
        input,
        output: out.stream,
        logger: false,
        exitOnClose: false,
        signals: [],
      }),
    ).rejects.toThrow('McpStdio.run(EmptyModule): no McpServer in the application');
    expect(out.raw).toBe('');
  });

  it('guards process.stdout while serving on it: console.log goes to stderr until shutdown', async () => {
    const originalLog = console.log;
    const stderrWrite = import.meta.jest
      .spyOn(process.stderr, 'write')
      .mockImplementation(() => true);
    try {
      const stdio = await McpStdio.run(StdioAppModule, {
        input,
        logger: false,
        exitOnClose: false,
        signals: [],
      });
      expect(console.log).not.toBe(originalLog);
      console.log('stray output');
      expect(stderrWrite).toHaveBeenCalledWith('stray output\n');
      await stdio.close();
      expect(console.log).toBe(originalLog);
    } finally {
      stderrWrite.mockRestore();
      console.log = originalLog;
    }
  });

  it('rejects with the boot error and leaves stdout unguarded when the app fails to start', async () => {
    const originalLog = console.log;
    const originalWrite = process.stdout.write;
    await expect(
      McpStdio.run(FailingModule, { input, logger: false, exitOnClose: false, signals: [] }),
    ).rejects.toThrow('database unreachable');
    expect(console.log).toBe(originalLog);
    expect(process.stdout.write).toBe(originalWrite);
  });
});
