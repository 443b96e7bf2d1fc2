import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** The built replica sample (`sample/12-microservice/main.ts`): `McpModule`'s `microservice` extra. */
export const REPLICA_MAIN = fileURLToPath(
  new URL('../../../../dist/sample/12-microservice/main.js', import.meta.url),
);

/** A replica running in a process of its own (so a test can SIGKILL it). */
export interface ReplicaProcess {
  readonly child: ChildProcess;
  /** Its stdout lines (`STARTED <tool> on <replica>` when a call starts). */
  readonly lines: string[];
  kill(signal?: NodeJS.Signals): Promise<void>;
}

/** Starts a replica named `name` on `subject`; resolves once it serves on the broker. */
export function startReplicaProcess(
  name: string,
  env: Record<string, string>,
): Promise<ReplicaProcess> {
  if (!existsSync(REPLICA_MAIN)) {
    throw new Error(`${REPLICA_MAIN} is missing: run "npm run build" before this spec`);
  }
  const child = spawn(process.execPath, [REPLICA_MAIN], {
    env: { ...process.env, REPLICA: name, KEEPALIVE_MS: '200', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const lines: string[] = [];
  const errors: string[] = [];
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const kill = async (signal: NodeJS.Signals = 'SIGTERM') => {
    if (child.exitCode === null && child.signalCode === null) child.kill(signal);
    await exited;
  };
  child.stderr!.on('data', (chunk: Buffer) => errors.push(chunk.toString()));
  return new Promise((resolve, reject) => {
    child.stdout!.on('data', (chunk: Buffer) => {
      for (const line of chunk.toString().split('\n').filter(Boolean)) {
        lines.push(line);
        if (line.startsWith('READY')) resolve({ child, lines, kill });
      }
    });
    child.once('exit', (code) =>
      reject(new Error(`replica ${name} exited (${code}) before READY: ${errors.join('')}`)),
    );
  });
}
