import { spawn } from 'node:child_process';
import { ROOT } from '../stdio/support/sample.js';

/**
 * Runs a driver script (`node driver '<config json>'`, e.g. with the private Node 22 of the SDK v2
 * specs) from the repository root; once its output holds `marker` (a line it prints when ready),
 * `onMarker` runs (the spec changes the server then). Resolves with the JSON of its last line.
 */
export function driveUntil<T>(
  node: string,
  driver: string,
  config: Record<string, unknown>,
  marker: string,
  onMarker: () => void = () => undefined,
): Promise<T> {
  return new Promise((resolve, reject) => {
    const child = spawn(node, [driver, JSON.stringify(config)], {
      cwd: ROOT,
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let stdout = '';
    let seen = false;
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      stdout += chunk;
      if (!seen && stdout.includes(marker)) {
        seen = true;
        onMarker();
      }
    });
    child.on('error', reject);
    child.on('close', () => {
      try {
        resolve(JSON.parse(stdout.trim().split('\n').at(-1)!) as T);
      } catch (error) {
        reject(error instanceof Error ? error : new Error(String(error)));
      }
    });
  });
}
