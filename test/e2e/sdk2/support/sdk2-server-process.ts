import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { ROOT } from '../../stdio/support/sample.js';

const run = promisify(execFile);
const FIXTURE = fileURLToPath(new URL('../sdk2-server.mjs', import.meta.url));

/** The SDK v2 server fixture (sdk2-server.mjs) running in its own Node 22 process. */
export interface Sdk2Server {
  /** The MCP endpoint. */
  readonly url: URL;
  /** How many POSTs the server got per `Mcp-Method` header. */
  stats(): Promise<Record<string, number>>;
  /** Publishes a tools list change (`what: 'tools'`) or a resource update (`uri`). */
  touch(change: { what?: 'tools'; uri?: string }): Promise<void>;
  close(): Promise<void>;
}

/**
 * Installs Node 22 and the SDK v2 server into .tools/ when missing (scripts/sdk2-server-tools.sh),
 * starts the fixture on 127.0.0.1:0 and resolves once it printed its port.
 */
export async function startSdk2Server(): Promise<Sdk2Server> {
  const { stdout } = await run('bash', ['scripts/sdk2-server-tools.sh'], {
    cwd: ROOT,
    timeout: 300_000,
  });
  const node22 = stdout.trim().split('\n').at(-1)!;
  const child = spawn(node22, [FIXTURE], { cwd: ROOT, stdio: ['ignore', 'pipe', 'inherit'] });
  const port = await portOf(child);
  const origin = `http://127.0.0.1:${port}`;
  return {
    url: new URL('/mcp', origin),
    async stats() {
      return (await (await fetch(`${origin}/stats`)).json()) as Record<string, number>;
    },
    async touch({ what, uri }) {
      const query = new URLSearchParams();
      if (what) query.set('what', what);
      if (uri) query.set('uri', uri);
      await (await fetch(`${origin}/touch?${query}`)).text();
    },
    async close() {
      if (child.exitCode !== null) return;
      child.kill('SIGTERM');
      await once(child, 'exit');
    },
  };
}

/** The port the fixture prints as `{"port":N}` on its first stdout line. */
function portOf(child: ChildProcess): Promise<number> {
  return new Promise((resolve, reject) => {
    let out = '';
    child.stdout!.setEncoding('utf8').on('data', (chunk: string) => {
      out += chunk;
      const line = out.split('\n').find((l) => l.startsWith('{"port"'));
      if (line) resolve((JSON.parse(line) as { port: number }).port);
    });
    child.once('exit', (code) => reject(new Error(`sdk2-server.mjs exited (${code}): ${out}`)));
  });
}
