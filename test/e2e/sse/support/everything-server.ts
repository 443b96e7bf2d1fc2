import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { within } from '../../support/wait.js';
import { freePort } from '../../support/free-port.js';

const ENTRY = 'node_modules/@modelcontextprotocol/server-everything/dist/index.js';

/** A running `@modelcontextprotocol/server-everything` in `sse` mode. */
export interface EverythingServer {
  /** Its SSE URL, on 127.0.0.1. */
  sseUrl: URL;
  /** Everything it wrote to stderr (its log). */
  readonly stderr: string;
  /** Stops the process and waits for it to exit. */
  close(): Promise<void>;
}

/** Spawns server-everything (`sse` transport) with `PORT` set and waits until it listens. */
export async function startEverythingSse(): Promise<EverythingServer> {
  const port = await freePort();
  const child: ChildProcess = spawn(process.execPath, [ENTRY, 'sse'], {
    env: { ...process.env, PORT: String(port) },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  const exited = once(child, 'exit');
  const listening = new Promise<void>((resolve, reject) => {
    child.stderr!.setEncoding('utf8');
    child.stderr!.on('data', (chunk: string) => {
      stderr += chunk;
      if (stderr.includes(`running on port ${port}`)) resolve();
    });
    void exited.then(() => reject(new Error(`server-everything exited early:\n${stderr}`)));
  });
  try {
    await within(listening, 20_000, 'server-everything to listen');
  } catch (error) {
    child.kill('SIGKILL');
    throw error;
  }
  return {
    sseUrl: new URL(`http://127.0.0.1:${port}/sse`),
    get stderr() {
      return stderr;
    },
    async close() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGTERM');
      await within(exited, 10_000, 'server-everything to exit');
    },
  };
}
