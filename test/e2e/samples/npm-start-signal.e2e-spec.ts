/**
 * `npm start` stopped the way a process manager or an IDE's stop button does it: SIGINT to the
 * npm process alone (a terminal's Ctrl-C signals the whole group, which always worked). npm passes
 * the signal to its script's process; the script must be the server itself, not a shell waiting
 * on it, or the server never hears the signal and keeps its port after npm is gone.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { freePort } from '../support/free-port.js';
import { isListening as listening } from '../support/listening.js';
import { waitFor, within } from '../support/wait.js';

const ROOT = fileURLToPath(new URL('../../..', import.meta.url));
const DEMO_MAIN = `${ROOT}dist/sample/01-demo/main.js`;

describe('npm start, stopped by SIGINT to npm', () => {
  let npm: ChildProcess | undefined;
  afterAll(() => {
    // Whatever is left of the group (the server, if the signal never reached it); none is the
    // passing case, where kill throws ESRCH.
    try {
      if (npm?.pid) process.kill(-npm.pid, 'SIGKILL');
    } catch {
      // the group is gone
    }
  });

  it('stops the demo server with it, port released', async () => {
    if (!existsSync(DEMO_MAIN)) throw new Error(`${DEMO_MAIN} is missing: npm run build`);
    const port = await freePort();
    // --ignore-scripts skips prestart's compile (the build made dist/ already), not start itself.
    npm = spawn('npm', ['start', '--ignore-scripts'], {
      cwd: ROOT,
      env: { ...process.env, PORT: String(port), NO_COLOR: '1' },
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    });
    let out = '';
    npm.stdout!.on('data', (chunk: Buffer) => (out += chunk.toString('utf8')));
    npm.stderr!.on('data', (chunk: Buffer) => (out += chunk.toString('utf8')));
    await waitFor(() => out.includes('MCP demo server:'), {
      timeoutMs: 60_000,
      intervalMs: 200,
      description: `the demo to start (output: ${out})`,
    });
    expect(await listening(port)).toBe(true);

    const exited = once(npm, 'exit');
    npm.kill('SIGINT');
    await within(exited, 15_000, `npm to exit on SIGINT (output: ${out})`);
    await waitFor(async () => !(await listening(port)), {
      timeoutMs: 15_000,
      intervalMs: 200,
      description: `port ${port} to be released after npm exited (output: ${out})`,
    });
  }, 120_000);
});
