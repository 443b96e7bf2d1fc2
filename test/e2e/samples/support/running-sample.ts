import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { ROOT } from './built-sample.js';

/** A built sample server running in its own Node process. */
export interface RunningSample {
  /** The MCP endpoint it printed. */
  url: URL;
  /** What it printed to stderr so far. */
  stderr(): string;
  close(): Promise<void>;
}

export { freePort } from '../../support/free-port.js';

/**
 * Starts `dist/sample/<name>/main.js` on `port` (default 0) and resolves once it printed its MCP URL. Used
 * for apps whose dependencies jest's module runtime cannot load (a CommonJS package requiring
 * the ESM-only Nest 12, such as `@nestjs/throttler` 6, loads under plain Node 20.19+ only).
 */
export function startBuiltSample(
  name: string,
  port = 0,
  timeoutMs = 20_000,
): Promise<RunningSample> {
  const main = fileURLToPath(new URL(`../../../../dist/sample/${name}/main.js`, import.meta.url));
  if (!existsSync(main)) throw new Error(`${main} is missing: run "npm run build" first`);
  const child: ChildProcess = spawn(process.execPath, [main], {
    cwd: ROOT,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', NO_COLOR: '1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`${main} printed no URL within ${timeoutMs} ms:\n${stdout}\n${stderr}`));
    }, timeoutMs);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`${main} exited with ${code}:\n${stdout}\n${stderr}`));
    });
    child.stdout!.on('data', (chunk: Buffer) => {
      stdout += chunk.toString('utf8');
      const match = /(http:\/\/127\.0\.0\.1:\d+\/mcp)/.exec(stdout);
      if (!match) return;
      clearTimeout(timer);
      resolve({
        url: new URL(match[1]!),
        stderr: () => stderr,
        async close() {
          child.kill('SIGTERM');
          await exited;
        },
      });
    });
  });
}
