/**
 * `npm run start:cluster` as a newcomer runs it: one command starts a private Redis, two demo
 * instances on it and a round-robin proxy; an official SDK client's session is served by both
 * instances through the proxy; Ctrl-C (SIGINT) stops every process it started.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { connectClient } from '../support/client.js';
import { freePort } from '../support/free-port.js';
import { isListening as listening } from '../support/listening.js';
import { waitFor } from '../support/wait.js';

const CLUSTER_MAIN = fileURLToPath(
  new URL('../../../dist/sample/01-demo/cluster.js', import.meta.url),
);
const READY =
  /MCP demo cluster: (http:\/\/127\.0\.0\.1:\d+)\/mcp \(round-robin over instances on ports (\d+) and (\d+), Redis on port (\d+)\)/;

describe('npm run start:cluster', () => {
  let child: ChildProcess | undefined;
  afterAll(() => child?.kill('SIGKILL'));

  it('serves one session from two instances on a private Redis, and Ctrl-C stops them all', async () => {
    if (!existsSync(CLUSTER_MAIN)) throw new Error(`${CLUSTER_MAIN} is missing: npm run build`);
    const port = await freePort();
    child = spawn(process.execPath, [CLUSTER_MAIN], {
      env: { ...process.env, PORT: String(port), NO_COLOR: '1' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    child.stdout!.on('data', (chunk: Buffer) => (out += chunk.toString('utf8')));
    child.stderr!.on('data', (chunk: Buffer) => (out += chunk.toString('utf8')));
    await waitFor(() => READY.test(out), {
      timeoutMs: 90_000,
      intervalMs: 200,
      description: `the cluster to be ready (output: ${out})`,
    });
    const [, base, a, b, redis] = READY.exec(out)!;
    expect(base).toBe(`http://127.0.0.1:${port}`);
    // Each instance says it joined the service, and through which Redis.
    for (const name of ['instance-a', 'instance-b']) {
      expect(out).toMatch(
        new RegExp(`\\[${name}\\].*shared through Redis at redis://127\\.0\\.0\\.1:${redis}`),
      );
    }

    const test = await connectClient(new URL('/mcp', base));
    try {
      for (let i = 0; i < 4; i++) {
        const result = await test.client.callTool({ name: 'add', arguments: { a: i, b: 1 } });
        expect(result.structuredContent).toEqual({ sum: i + 1 });
      }
    } finally {
      await test.close();
    }
    // The proxy alternates, so the six requests of that session were served by both instances.
    for (const p of [a, b, redis]) expect(await listening(Number(p))).toBe(true);

    const exited = once(child, 'exit');
    child.kill('SIGINT');
    const [code] = (await exited) as [number | null];
    expect(code).toBe(0);
    for (const p of [port, a, b, redis]) expect(await listening(Number(p))).toBe(false);
  }, 150_000);
});
