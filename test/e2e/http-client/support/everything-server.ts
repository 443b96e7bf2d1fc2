import { spawn, type ChildProcess } from 'node:child_process';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { freePort } from '../../support/free-port.js';

/** A running `@modelcontextprotocol/server-everything` child process. */
export interface EverythingServer {
  /** Base URL (`http://127.0.0.1:<port>`). */
  origin: string;
  /** What the process wrote, for failure messages. */
  output(): string;
  stop(): Promise<void>;
}

function entryPoint(): string {
  const require = createRequire(import.meta.url);
  const manifest = require.resolve('@modelcontextprotocol/server-everything/package.json');
  return join(dirname(manifest), 'dist', 'index.js');
}

/**
 * Spawns server-everything in `mode` (`streamableHttp` serves `/mcp`; `sse` serves `/sse` and
 * `/message`) on a free port and resolves once it listens (bounded by `timeoutMs`).
 */
export async function startEverythingServer(
  mode: 'streamableHttp' | 'sse',
  timeoutMs = 15_000,
): Promise<EverythingServer> {
  const port = await freePort();
  const child: ChildProcess = spawn(process.execPath, [entryPoint(), mode], {
    env: { ...process.env, PORT: String(port) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(
      () => fail(new Error(`server-everything did not start in ${timeoutMs} ms:\n${output}`)),
      timeoutMs,
    );
    const onData = (chunk: Buffer) => {
      output += chunk.toString('utf8');
      if (/listening on port|is running on port/i.test(output)) {
        clearTimeout(timer);
        resolve();
      }
    };
    const fail = (error: Error) => {
      clearTimeout(timer);
      child.kill('SIGKILL');
      reject(error);
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.once('exit', (code) => fail(new Error(`server-everything exited (${code}):\n${output}`)));
  });
  return {
    origin: `http://127.0.0.1:${port}`,
    output: () => output,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 3000);
      await exited;
      clearTimeout(timer);
    },
  };
}
