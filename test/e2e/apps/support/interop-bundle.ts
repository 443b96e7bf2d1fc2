import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/**
 * Bundles one browser entry of `test/e2e/apps/interop/` (the official ext-apps `AppBridge` host
 * page, or a view written on the official `App`) with vite and returns the script's text.
 */
export async function interopBundle(entry: 'bridge-host' | 'official-app-view'): Promise<string> {
  const out = mkdtempSync(join(tmpdir(), 'ext-apps-interop-'));
  try {
    await run(
      process.execPath,
      [
        'node_modules/vite/bin/vite.js',
        'build',
        '--config',
        'test/e2e/apps/interop/vite.config.mjs',
      ],
      { env: { ...process.env, INTEROP_OUT: out, INTEROP_ENTRY: entry }, timeout: 120_000 },
    );
    return readFileSync(join(out, `${entry}.js`), 'utf8');
  } finally {
    rmSync(out, { recursive: true, force: true });
  }
}
