import { runSdk2Driver, sdk2Node, SDK2_DRIVER } from './support/sdk2-driver.js';
import { ElicitRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import { McpServer } from '../../../lib/index.js';
import { startDemoApp, type RunningDemo } from '../samples/support/demo-app.js';
import { startApp, type TestApp } from '../support/app.js';
import { connectClient } from '../support/client.js';
import { driveUntil } from '../support/node-driver.js';
import { builtSample, ROOT } from '../stdio/support/sample.js';

const SUBSCRIPTION_ID = 'io.modelcontextprotocol/subscriptionId';
const DRIVER = SDK2_DRIVER;

/** What the driver printed (see sdk2-driver.mjs). */
interface DriverReport {
  protocolVersion?: string;
  discover?: {
    supportedVersions: string[];
    capabilityKeys: string[];
    ttlMs: number;
    cacheScope: string;
  } | null;
  serverVersion?: { name: string; version: string } | null;
  toolNames?: string[];
  listHints?: { ttlMs?: number; cacheScope?: string };
  call?: Array<{ type: string; text?: string }>;
  /** The content of the `alsoCall` call, made after the calls in the same session. */
  alsoCalled?: Array<{ type: string; text?: string }>;
  concurrent?: string[];
  /** `message` of every `elicitation/create` the client's handler answered. */
  elicitations?: string[];
  /** What the client sent: its tools/call requests and answers to server-initiated requests. */
  sent?: {
    toolCalls: Array<{ name: string; inputResponses: number; requestState: boolean }>;
    responses: number;
  };
  honoredFilter?: Record<string, unknown>;
  wait?: 'notified' | 'timeout';
  notifications?: Array<{ method: string; params: Record<string, unknown> | null }>;
  closed?: 'local' | 'graceful' | 'remote';
  error?: { name?: string; message: string };
}

let node22 = '';

/** Runs the SDK v2 client driver with the private Node 22 (the SDK needs Node >= 22). */
async function drive(config: Record<string, unknown>): Promise<DriverReport> {
  return runSdk2Driver<DriverReport>(node22, config);
}

/** Driver config launching the built demo over stdio with `versionNegotiation` `mode`. */
function stdioDemo(mode: string) {
  return { transport: 'stdio', command: process.execPath, args: [builtSample()], cwd: ROOT, mode };
}

/**
 * Runs the driver's listen scenario: `onListening` runs once the driver printed that its
 * subscription is acknowledged (the spec changes the server then); resolves with the report.
 */
function driveListen(
  config: Record<string, unknown>,
  onListening: () => void = () => undefined,
): Promise<DriverReport> {
  return driveUntil(node22, DRIVER, config, '{"listening":true}', onListening);
}

/** The demo's `greetUser` answered through MRTR: one call, then one retry carrying the answer. */
function expectMrtrGreeting(report: DriverReport, name: string) {
  expect(report.error).toBeUndefined();
  expect(report.protocolVersion).toBe('2026-07-28');
  expect(report.call).toEqual([{ type: 'text', text: `Hello, ${name}!` }]);
  expect(report.elicitations).toEqual(['What is your name?']);
  expect(report.sent).toEqual({
    toolCalls: [
      { name: 'greetUser', inputResponses: 0, requestState: false },
      { name: 'greetUser', inputResponses: 1, requestState: true },
    ],
    responses: 0, // no server-to-client elicitation/create was answered
  });
}

/**
 * The official SDK v2 client (`@modelcontextprotocol/client` 2.4.0), pinned to 2026-07-28 and in
 * `auto` negotiation, against our server over Streamable HTTP and stdio; an SDK v1 (2025) client
 * calls the same tool in the same file.
 */
describe('SDK v2 client (2026-07-28) against the dual-era server', () => {
  let server: TestApp;
  /** The same app with the module's `fastPath` (the endpoint served in front of the router). */
  let fastServer: TestApp;

  beforeAll(async () => {
    // Installs Node 22 and the SDK v2 client into .tools/ when missing (prints the node path).
    // (Side by side with the two apps' start; each kept as it starts, for afterAll.)
    const cache = { lists: { ttlMs: 30_000, cacheScope: 'public' as const } };
    [node22] = await Promise.all([
      sdk2Node(),
      startApp({ cache }).then((app) => (server = app)),
      startApp({ cache, fastPath: true }).then((app) => (fastServer = app)),
    ]);
  }, 320_000);

  afterAll(async () => {
    await Promise.all([server?.close(), fastServer?.close()]);
  });

  it.each([
    ['2026-07-28', false],
    ['auto', false],
    ['2026-07-28', true],
  ])(
    'Streamable HTTP, versionNegotiation %s, fast path %s: discover, list with cache hints, calls, concurrent calls',
    async (mode, fastPath) => {
      const target = fastPath ? fastServer : server;
      const report = await drive({
        transport: 'http',
        url: target.url.href,
        mode,
        tool: 'echo',
        toolArgs: { text: 'hello' },
        concurrent: 5,
      });
      expect(report.error).toBeUndefined();
      expect(report.protocolVersion).toBe('2026-07-28');
      expect(report.discover).toMatchObject({
        supportedVersions: expect.arrayContaining(['2026-07-28']),
        capabilityKeys: expect.arrayContaining(['tools', 'prompts', 'resources']),
        ttlMs: 0,
        cacheScope: 'private',
      });
      expect(report.serverVersion).toEqual({ name: 'e2e-server', version: '1.0.0' });
      expect(report.toolNames).toContain('echo');
      expect(report.listHints).toEqual({ ttlMs: 30_000, cacheScope: 'public' });
      expect(report.call).toEqual([{ type: 'text', text: 'echo: hello' }]);
      expect(report.concurrent).toEqual([
        'echo: c0',
        'echo: c1',
        'echo: c2',
        'echo: c3',
        'echo: c4',
      ]);
      expect(target.handler.sessions.size).toBe(0);
    },
    60_000,
  );

  it('an SDK v1 (2025-11-25) client calls the same tool on the same endpoint', async () => {
    const { client, close } = await connectClient(server.url);
    try {
      const result = await client.callTool({ name: 'echo', arguments: { text: 'v1' } });
      expect(result.content).toEqual([{ type: 'text', text: 'echo: v1' }]);
      expect(result).not.toHaveProperty('resultType');
    } finally {
      await close();
    }
  });

  // The calls, greetUser answered through MRTR and the listen stream over stdio share one session
  // per mode: each stdio run boots the built demo as the Node 22 driver's child (about 4.5 s of
  // CPU a run, the most of any case here). The demo has no way to add a tool from outside the
  // process, so over stdio the listen stream is checked with the change the demo can trigger:
  // saveNote updates a subscribed resource.
  it.each(['2026-07-28', 'auto'])(
    'stdio (the built demo), versionNegotiation %s: discover and calls, greetUser answered through MRTR, then a resource update reaches the listener',
    async (mode) => {
      const uri = `notes://sdk2-${mode}`;
      const report = await driveListen({
        ...stdioDemo(mode),
        tool: 'echo',
        toolArgs: { text: 'over stdio' },
        concurrent: 3,
        elicitName: `Lin ${mode}`,
        alsoCall: { tool: 'greetUser', toolArgs: {} },
        listen: {
          filter: { resourceSubscriptions: [uri] },
          notification: 'notifications/resources/updated',
          trigger: { tool: 'saveNote', args: { name: `sdk2-${mode}`, text: 'listened' } },
        },
      });
      expect(report.error).toBeUndefined();
      expect(report.protocolVersion).toBe('2026-07-28');
      expect(report.discover?.supportedVersions).toContain('2026-07-28');
      expect(report.call).toEqual([{ type: 'text', text: 'over stdio' }]);
      expect(report.concurrent).toEqual(['c0', 'c1', 'c2']);
      // Then greetUser through MRTR (the demo's write-once elicitation), in the same session:
      // its two tools/call requests among the run's (echo's, saveNote's).
      expectMrtrGreeting(
        {
          ...report,
          call: report.alsoCalled,
          sent: report.sent && {
            ...report.sent,
            toolCalls: report.sent.toolCalls.filter((c) => c.name === 'greetUser'),
          },
        },
        `Lin ${mode}`,
      );
      // Then the listen stream, in the same session.
      expect(report.honoredFilter).toEqual({ resourceSubscriptions: [uri] });
      expect(report.wait).toBe('notified');
      expect(report.notifications?.[0]).toMatchObject({
        method: 'notifications/resources/updated',
        params: { uri, _meta: { [SUBSCRIPTION_ID]: expect.any(String) } },
      });
      expect(report.closed).toBe('local');
    },
    // A ceiling, not a timing check: the listen case alone ran past 60 s once in a CI rehearsal
    // at load ~15.
    180_000,
  );

  describe("write-once elicitation: the demo's greetUser", () => {
    let demo: RunningDemo;

    beforeAll(async () => {
      demo = await startDemoApp();
    });

    afterAll(async () => {
      await demo.close();
    });

    it.each(['2026-07-28', 'auto'])(
      'SDK v2 over Streamable HTTP, versionNegotiation %s: answered through MRTR',
      async (mode) => {
        const report = await drive({
          transport: 'http',
          url: demo.mcpUrl.href,
          mode,
          tool: 'greetUser',
          toolArgs: {},
          elicitName: `Ada ${mode}`,
        });
        expectMrtrGreeting(report, `Ada ${mode}`);
      },
      60_000,
    );

    // Over stdio: the stdio case above (greetUser after the calls, in the same session).

    it('an SDK v1 (2025-11-25) client answers the same tool with a server-to-client request', async () => {
      const asked: string[] = [];
      const { client, close } = await connectClient(demo.mcpUrl, {
        capabilities: { elicitation: {} },
        setup: (c) =>
          c.setRequestHandler(ElicitRequestSchema, (request) => {
            asked.push(request.params.message);
            return { action: 'accept', content: { name: 'Grace' } };
          }),
      });
      try {
        const result = await client.callTool({ name: 'greetUser', arguments: {} });
        expect(result.content).toEqual([{ type: 'text', text: 'Hello, Grace!' }]);
        expect(result).not.toHaveProperty('resultType');
        expect(asked).toEqual(['What is your name?']);
      } finally {
        await close();
      }
    });
  });

  describe('listen streams (subscriptions/listen)', () => {
    // Over stdio: the stdio case above (the listen stream after the calls, in the same session).
    it.each(['2026-07-28', 'auto'])(
      'Streamable HTTP, versionNegotiation %s: a runtime tool registration reaches the listener',
      async (mode) => {
        const name = `late_tool_${mode.replace(/\W/g, '_')}`;
        const report = await driveListen(
          {
            transport: 'http',
            url: server.url.href,
            mode,
            listen: {
              filter: { toolsListChanged: true },
              notification: 'notifications/tools/list_changed',
            },
          },
          () => server.app.get(McpServer).registerTool({ name }, () => 'late'),
        );
        expect(report.error).toBeUndefined();
        expect(report.protocolVersion).toBe('2026-07-28');
        // The acknowledgement's honoured subset, as the SDK exposes it.
        expect(report.honoredFilter).toEqual({ toolsListChanged: true });
        expect(report.wait).toBe('notified');
        expect(report.notifications?.[0]).toEqual({
          method: 'notifications/tools/list_changed',
          params: { _meta: { [SUBSCRIPTION_ID]: expect.any(String) } }, // tagged with the listen id
        });
        expect(report.toolNames).toContain(name);
        expect(report.closed).toBe('local');
      },
      60_000,
    );
  });
});
