import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';
import type { ProbeReply, ProbeRequest } from './memory-probe.js';
import type { YoungGcReading } from './young-gc.js';

const PROBE = new URL('./memory-probe.js', import.meta.url);
const ENTRY = fileURLToPath(new URL('./server-entry.js', import.meta.url));

/**
 * The Node arguments of a bench server of `kind` started by hand (the instruction bench under
 * valgrind, `bench:ticks`): `flags` first, then `--expose-gc`, the memory probe and any further
 * `preloads` imported, then `server-entry.js <kind>`.
 */
export function serverNodeArgs(kind: string, flags: string[] = [], preloads: URL[] = []): string[] {
  const imports = preloads.flatMap((preload) => ['--import', preload.href]);
  return [...flags, '--expose-gc', '--import', PROBE.href, ...imports, ENTRY, kind];
}

/** How to start one bench server in its own process. */
/** A server process's memory after a full GC, bytes (`process.memoryUsage()` of the server). */
export interface ServerMemory extends Omit<ProbeReply, 'path' | 'error'> {
  rss: number;
  heapUsed: number;
  heapTotal: number;
  external: number;
}

export interface ServerSpec {
  /** The label printed in the tables. */
  name: string;
  /** The Node binary (default: this one). */
  node?: string;
  /** The script and its arguments (default: `server-entry.js <kind> ...<entryArgs>`). */
  args?: string[];
  /** The `server-entry.js` kind (default: `name`). */
  kind?: string;
  /** Arguments after the kind (`nest-apps`: its apps as JSON). */
  entryArgs?: string[];
  /** The MCP (or bare) endpoint's path. */
  path: string;
  /** Added to this process's environment (e.g. `BENCH_SERVER_LIBRARY`, the library to load). */
  env?: Record<string, string>;
}

/** A question to a server process over IPC: its `op`, and what that op needs. */
export type ServerRequest = { op: string } & Record<string, unknown>;

/** A running bench server process. */
export interface ServerProcess {
  readonly name: string;
  /** The process id (its CPU time: `processCpuMs(pid)`). */
  readonly pid: number;
  /** The endpoint URL. */
  readonly url: string;
  /** RSS and used heap after a full GC in the server, in bytes. */
  memory(): Promise<ServerMemory>;
  /** Writes a heap snapshot (after a full GC) in the server; resolves with its path. */
  snapshot(path: string): Promise<string>;
  /**
   * Sends a question the server itself answers (beside the memory probe's, e.g. `nest-apps.ts`'s)
   * and resolves with its reply, one question at a time.
   * @throws Error when the reply carries an error.
   */
  request<Reply extends { error?: string }>(request: ServerRequest): Promise<Reply>;
  /** Starts reading the server's scavenges; resolves with the function that stops and sums them. */
  youngGcWindow(): Promise<() => Promise<YoungGcReading>>;
  close(): Promise<void>;
}

/**
 * Resolves with the port a bench server process prints as `READY <port>` on its stdout.
 * @throws the error `exited` makes (from the exit code and the stdout so far) when the process
 * fails to start or exits first.
 */
export function readyPort(
  child: ChildProcess,
  exited: (code: number | null, out: string) => Error,
): Promise<number> {
  return new Promise<number>((resolve, reject) => {
    let out = '';
    child.stdout!.setEncoding('utf8').on('data', (chunk: string) => {
      out += chunk;
      const match = /READY (\d+)/.exec(out);
      if (match) resolve(Number(match[1]));
    });
    child.once('error', reject);
    child.once('exit', (code) => reject(exited(code, out)));
  });
}

/**
 * Starts `spec` as a child process with `--expose-gc` and the memory probe preloaded
 * (`memory-probe.ts`, over the IPC channel), and resolves once it prints `READY <port>`.
 * @throws Error when the process exits before it is ready.
 */
export async function startServerProcess(spec: ServerSpec): Promise<ServerProcess> {
  const args = spec.args ?? [ENTRY, spec.kind ?? spec.name, ...(spec.entryArgs ?? [])];
  const child = spawn(
    spec.node ?? process.execPath,
    ['--expose-gc', '--import', PROBE.href, ...args],
    { stdio: ['ignore', 'pipe', 'inherit', 'ipc'], env: { ...process.env, ...spec.env } },
  );
  const port = await readyPort(
    child,
    (code, out) =>
      new Error(`${spec.name} exited with ${code} before it was ready: ${out.slice(-500)}`),
  );
  let queue: Promise<unknown> = Promise.resolve();
  // One question at a time: each reply is the next message.
  const ask = <Reply extends { error?: string }>(request: ServerRequest): Promise<Reply> => {
    const next = queue.then(async () => {
      child.send(request);
      const [reply] = (await once(child, 'message')) as [Reply];
      if (reply.error) throw new Error(`${spec.name} probe: ${reply.error}`);
      return reply;
    });
    queue = next.catch(() => undefined);
    return next;
  };
  return {
    name: spec.name,
    pid: child.pid!,
    url: `http://127.0.0.1:${port}${spec.path}`,
    async memory() {
      const {
        path: _path,
        error: _error,
        ...reply
      } = await ask<ProbeReply>({
        op: 'memory',
      } satisfies ProbeRequest);
      return reply as ServerMemory;
    },
    async snapshot(path) {
      return (await ask<ProbeReply>({ op: 'snapshot', path } satisfies ProbeRequest)).path!;
    },
    request: ask,
    async youngGcWindow() {
      await ask<ProbeReply>({ op: 'young-gc-start' } satisfies ProbeRequest);
      return async () =>
        (await ask<ProbeReply>({ op: 'young-gc-stop' } satisfies ProbeRequest)).youngGc!;
    },
    async close() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = once(child, 'exit');
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
      await exited;
      clearTimeout(timer);
    },
  };
}

/** The script path of a `.mjs` server under `bench/servers/` in the repository (not compiled). */
export function sourceServerScript(file: string): string {
  return fileURLToPath(new URL(`../../../bench/servers/${file}`, import.meta.url));
}
