import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { ROOT } from '../../stdio/support/sample.js';

const run = promisify(execFile);

/** The SDK v2 client driver (a script run by Node 22: the SDK needs Node >= 22). */
export const SDK2_DRIVER = fileURLToPath(new URL('../sdk2-driver.mjs', import.meta.url));

/** Installs Node 22 and the SDK v2 client into .tools/ when missing; resolves the node path. */
export async function sdk2Node(): Promise<string> {
  const { stdout } = await run('bash', ['scripts/sdk2-tools.sh'], { cwd: ROOT, timeout: 300_000 });
  return stdout.trim().split('\n').at(-1)!;
}

/** Runs the driver once with `config` on `node22`; resolves the report it prints last. */
export async function runSdk2Driver<T = Record<string, unknown>>(
  node22: string,
  config: Record<string, unknown>,
): Promise<T> {
  const { stdout } = await run(node22, [SDK2_DRIVER, JSON.stringify(config)], {
    cwd: ROOT,
    timeout: 60_000,
  });
  return JSON.parse(stdout.trim().split('\n').at(-1)!) as T;
}
