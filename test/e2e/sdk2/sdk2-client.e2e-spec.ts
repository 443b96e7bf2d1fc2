import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { startApp, type TestApp } from '../support/app.js';
import { connectClient } from '../support/client.js';
import { builtSample, ROOT } from '../stdio/support/sample.js';

const run = promisify(execFile);
const DRIVER = fileURLToPath(new URL('./sdk2-driver.mjs', import.meta.url));

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
  concurrent?: string[];
  error?: { name?: string; message: string };
}

let node22 = '';

/** Runs the SDK v2 client driver with the private Node 22 (the SDK needs Node >= 22). */
async function drive(config: Record<string, unknown>): Promise<DriverReport> {
  const { stdout } = await run(node22, [DRIVER, JSON.stringify(config)], {
    cwd: ROOT,
    timeout: 60_000,
  });
  return JSON.parse(stdout.trim().split('\n').at(-1)!) as DriverReport;
}

/**
 * The official SDK v2 client (`@modelcontextprotocol/client` 2.4.0), pinned to 2026-07-28 and in
 * `auto` negotiation, against our server over Streamable HTTP and stdio; an SDK v1 (2025) client
 * calls the same tool in the same file.
 */
describe('SDK v2 client (2026-07-28) against the dual-era server', () => {
  let server: TestApp;

  beforeAll(async () => {
    // Installs Node 22 and the SDK v2 client into .tools/ when missing (prints the node path).
    const { stdout } = await run('bash', ['scripts/sdk2-tools.sh'], {
      cwd: ROOT,
      timeout: 300_000,
    });
    node22 = stdout.trim().split('\n').at(-1)!;
    server = await startApp({ cache: { lists: { ttlMs: 30_000, cacheScope: 'public' } } });
  }, 320_000);

  afterAll(async () => {
    await server.close();
  });

  it.each(['2026-07-28', 'auto'])(
    'Streamable HTTP, versionNegotiation %s: discover, list with cache hints, calls, concurrent calls',
    async (mode) => {
      const report = await drive({
        transport: 'http',
        url: server.url.href,
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
      expect(server.handler.sessions.size).toBe(0);
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

  it.each(['2026-07-28', 'auto'])(
    'stdio (the built demo), versionNegotiation %s: discover and calls',
    async (mode) => {
      const report = await drive({
        transport: 'stdio',
        command: process.execPath,
        args: [builtSample()],
        cwd: ROOT,
        mode,
        tool: 'echo',
        toolArgs: { text: 'over stdio' },
        concurrent: 3,
      });
      expect(report.error).toBeUndefined();
      expect(report.protocolVersion).toBe('2026-07-28');
      expect(report.discover?.supportedVersions).toContain('2026-07-28');
      expect(report.call).toEqual([{ type: 'text', text: 'over stdio' }]);
      expect(report.concurrent).toEqual(['c0', 'c1', 'c2']);
    },
    60_000,
  );
});
