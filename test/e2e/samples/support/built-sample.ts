import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** Repository root. */
export const ROOT = fileURLToPath(new URL('../../../../', import.meta.url));

/** The built `sample/06-clients/main.ts`. */
export const CLIENTS_MAIN = fileURLToPath(
  new URL('../../../../dist/sample/06-clients/main.js', import.meta.url),
);

/** How a spawned sample ended, with what it printed. */
export interface SampleRun {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
}

/** The built clients sample; throws a clear error when the build is missing. */
export function builtClientsSample(): string {
  if (!existsSync(CLIENTS_MAIN)) {
    throw new Error(`${CLIENTS_MAIN} is missing: run "npm run build" before the samples e2e specs`);
  }
  return CLIENTS_MAIN;
}

/**
 * Runs `node main` with `env` added to this environment, until it exits; kills it (SIGKILL) and
 * rejects when it runs longer than `timeoutMs`.
 */
export function runToExit(
  main: string,
  env: Record<string, string>,
  timeoutMs: number,
): Promise<SampleRun> {
  const child = spawn(process.execPath, [main], {
    cwd: ROOT,
    env: { ...process.env, ...env, NO_COLOR: '1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString('utf8')));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`${main} did not exit within ${timeoutMs} ms; stdout:\n${stdout}`));
    }, timeoutMs);
    child.once('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    child.once('close', (code, signal) => {
      clearTimeout(timer);
      resolve({ code, signal, stdout, stderr });
    });
  });
}
