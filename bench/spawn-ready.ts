import { spawn, type ChildProcess } from 'node:child_process';

/** A process started by {@link spawnReady}. */
export interface ReadyProcess {
  readonly port: number;
  readonly pid: number;
}

/**
 * Runs `node <main>` with `env` added, and resolves with the port once its stdout matches `ready`
 * (the port as the first group); rejects when it exits first. The child is pushed to `children`
 * (the caller stops them at the end).
 */
export function spawnReady(
  main: string,
  env: Record<string, string>,
  ready: RegExp,
  children: ChildProcess[],
): Promise<ReadyProcess> {
  const child = spawn(process.execPath, [main], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  children.push(child);
  return new Promise((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const match = ready.exec(out);
      if (match) resolve({ port: Number(match[1]), pid: child.pid! });
    });
    child.on('exit', (code) => reject(new Error(`${main} exited with ${code}`)));
  });
}
