import { Test, type TestingModule } from '@nestjs/testing';
import { getMcpClientToken, type McpClient } from '../../../lib/index.js';
import {
  DEMO_CLIENT,
  EVERYTHING_CLIENT,
} from '../../../sample/06-clients/src/clients.constants.js';
import { ClientsModule } from '../../../sample/06-clients/src/clients.module.js';
import type { ShowcaseReport } from '../../../sample/06-clients/src/clients.report.js';
import { ClientsShowcase } from '../../../sample/06-clients/src/clients.showcase.js';
import { waitFor } from '../support/wait.js';
import { builtClientsSample, runToExit } from './support/built-sample.js';
import { startDemoApp, type RunningDemo } from './support/demo-app.js';
import { RecordingLogger } from './support/recording-logger.js';

/**
 * `sample/06-clients`: two injected clients (`demo` over Streamable HTTP, `everything` over stdio
 * spawning `@modelcontextprotocol/server-everything`), their streams and `callTool$`, against the
 * demo app booted in process on an ephemeral port.
 */
describe('sample 06-clients: two named McpClients against the demo and server-everything', () => {
  let demo: RunningDemo;
  let clients: TestingModule | undefined;
  const logger = new RecordingLogger();
  const previousUrl = process.env.DEMO_MCP_URL;

  beforeAll(async () => {
    demo = await startDemoApp();
    process.env.DEMO_MCP_URL = demo.mcpUrl.href;
    clients = await Test.createTestingModule({ imports: [ClientsModule] })
      .setLogger(logger)
      .compile();
    await clients.init(); // the clients connect at module init
  });

  afterAll(async () => {
    await clients?.close(); // closes both clients: the stdio child is ended
    await demo?.close();
    if (previousUrl === undefined) delete process.env.DEMO_MCP_URL;
    else process.env.DEMO_MCP_URL = previousUrl;
  });

  const client = (name: string) => clients!.get<McpClient>(getMcpClientToken(name));

  describe('in process', () => {
    let report: ShowcaseReport;

    beforeAll(async () => {
      report = await clients!.get(ClientsShowcase).run();
    });

    it('connects both named clients at module init', () => {
      expect(client(DEMO_CLIENT).currentState).toBe('ready');
      expect(client(EVERYTHING_CLIENT).currentState).toBe('ready');
      // versionNegotiation 'auto': our demo speaks 2026-07-28, server-everything only 2025.
      expect(report.demo).toMatchObject({
        server: 'nestjs-mcp-demo',
        protocolVersion: '2026-07-28',
      });
      expect(report.everything).toMatchObject({
        server: 'mcp-servers/everything',
        protocolVersion: '2025-11-25',
      });
      expect(logger.of(`McpClient:${DEMO_CLIENT}`)).toEqual([
        'Connected to nestjs-mcp-demo (2026-07-28)',
      ]);
    });

    it('lists the tools of both servers', () => {
      expect(report.demo.tools).toEqual(
        expect.arrayContaining(['echo', 'add', 'countdown', 'saveNote', 'greetUser']),
      );
      expect(report.everything.tools).toEqual(
        expect.arrayContaining([
          'echo',
          'toggle-simulated-logging',
          'trigger-long-running-operation',
        ]),
      );
    });

    it('receives progress through callTool$, then the results', () => {
      expect(report.demo).toMatchObject({ progress: [1, 2, 3], result: 'Counted to 3' });
      expect(report.everything.progress).toEqual([1, 2, 3]);
      expect(report.everything.result).toMatch(/^Long running operation completed/);
    });

    it('sees the same progress on progress$ ("every progress notification")', () => {
      expect(report.demo.progressEvents).toBe(3);
      expect(report.everything.progressEvents).toBe(3);
    });

    it('receives log messages on logs$ and prints every event', async () => {
      expect(report.demo.logs).toBe(3); // countdown logs each step at info
      expect(report.everything.logs).toBeGreaterThanOrEqual(1); // simulated logging, sent at once
      const printed = logger.of('ClientsShowcase');
      expect(printed).toEqual(
        expect.arrayContaining([
          expect.stringMatching(/^\[demo\] nestjs-mcp-demo: \d+ tools$/),
          '[demo] countdown progress 1/3',
          '[demo] log info: {"step":1}',
          '[demo] countdown result: Counted to 3',
          '[everything] trigger-long-running-operation progress 3/3',
          expect.stringMatching(/^\[everything\] log \w+: /),
        ]),
      );
    });

    it('sees server-everything announce its tool list change (toolsChanged$)', async () => {
      // It registers its capability-dependent tools once initialized, after the handshake.
      await waitFor(
        () => logger.of('ClientsShowcase').includes('[everything] the tool list changed'),
        {
          description: 'the tools list_changed notification',
        },
      );
      expect(report.demo.toolsChanged).toBe(0);
    });
  });

  it('the built main.ts runs the showcase once, prints the events and exits 0', async () => {
    const run = await runToExit(builtClientsSample(), { DEMO_MCP_URL: demo.mcpUrl.href }, 20_000);
    expect(run).toMatchObject({ code: 0, signal: null });
    expect(run.stdout).toContain('[McpClient:demo] Connected to nestjs-mcp-demo (2026-07-28)');
    expect(run.stdout).toContain('[McpClient:everything] Connected to mcp-servers/everything');
    expect(run.stdout).toContain('[demo] countdown progress 3/3');
    expect(run.stdout).toContain('[everything] trigger-long-running-operation progress 3/3');
    expect(run.stdout).toMatch(/\[ClientsShowcase\] Done/);
  });
});
