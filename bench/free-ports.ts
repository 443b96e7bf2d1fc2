import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:net';

/**
 * Loopback ports for servers whose URL must be known before they start (an issuer, a broker a
 * test restarts on the same port), and for "nothing listens here" cases.
 *
 * A port is only checked free, then released, and the server binds it later: in between, another
 * socket may take it. The kernel hands out ports to every `listen(0)` and every outgoing
 * connection from its ephemeral range, and the test lanes of a CI run open thousands of those: a
 * port read from `listen(0)` and released was seen taken by one of them before its server bound
 * it (`EADDRINUSE`). So the ports given here lie below that range, where the kernel never picks
 * one on its own, taken in turn from a random place in it per process (two processes rarely walk
 * the same ports at the same time), each checked free by binding it. Without the range (not Linux),
 * the kernel picks, as before.
 */

/** The lowest port handed out: above the well-known services a test machine runs. */
const LOWEST = 20_000;

/** The kernel's ephemeral range `[low, high]`, or undefined where it cannot be read. */
export function ephemeralRange(
  read: () => string = () => readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8'),
): [number, number] | undefined {
  try {
    const [low, high] = read().trim().split(/\s+/).map(Number);
    return Number.isInteger(low) && Number.isInteger(high) ? [low!, high!] : undefined;
  } catch {
    return undefined;
  }
}

/** The ports below the ephemeral range this process walks: `[first, count]`, or undefined. */
function ownRange(): [number, number] | undefined {
  const low = ephemeralRange()?.[0];
  if (low === undefined || low - LOWEST < 1_000) return undefined;
  return [LOWEST, low - LOWEST];
}

const range = ownRange();
let next = range ? Math.floor(Math.random() * range[1]) : 0;

/** The next port of this process's walk (undefined: let the kernel pick). */
function nextCandidate(): number | undefined {
  if (!range) return undefined;
  const port = range[0] + (next % range[1]);
  next += 1;
  return port;
}

/** Binds `port` (0: the kernel picks) on 127.0.0.1; resolves with the server, or undefined if taken. */
function bind(port: number): Promise<Server | undefined> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', (error: NodeJS.ErrnoException) => {
      if (error.code === 'EADDRINUSE' || error.code === 'EACCES') resolve(undefined);
      else reject(error);
    });
    server.listen(port, '127.0.0.1', () => resolve(server));
  });
}

/** Holds a free port (bound until released), trying the walk's ports in turn. */
async function holdPort(): Promise<Server> {
  for (let attempt = 0; attempt < 200; attempt++) {
    const held = await bind(nextCandidate() ?? 0);
    if (held) return held;
  }
  throw new Error('no free loopback port below the ephemeral range after 200 tries');
}

function portOf(server: Server): number {
  return (server.address() as { port: number }).port;
}

function release(server: Server): Promise<void> {
  return new Promise((resolve) => server.close(() => resolve()));
}

/** A loopback port nothing listens on (see the file comment for where it comes from). */
export async function freePort(): Promise<number> {
  const held = await holdPort();
  const port = portOf(held);
  await release(held);
  return port;
}

/**
 * `count` distinct loopback ports nothing listens on: all held at once (so none is handed out
 * twice), read, released.
 */
export async function freePorts(count: number): Promise<number[]> {
  const held: Server[] = [];
  try {
    for (let i = 0; i < count; i++) held.push(await holdPort());
    return held.map(portOf); // read while held: a closed server has no address
  } finally {
    await Promise.all(held.map(release));
  }
}
