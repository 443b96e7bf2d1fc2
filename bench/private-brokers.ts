import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { connect as tcpConnect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from './free-ports.js';

/**
 * A broker process of a test's or bench's own (a private `nats-server` or RabbitMQ node on a free loopback
 * port), which the test may kill (SIGKILL, as a crash) and start again on the same port, while the
 * machine's shared brokers serve the other specs undisturbed.
 */
export interface PrivateBroker {
  /** The URL clients connect to (`nats://127.0.0.1:P`, `amqp://guest:guest@127.0.0.1:P`). */
  readonly url: string;
  /** Kills the broker with SIGKILL (no goodbye to its clients) and waits for the process to end. */
  kill(): Promise<void>;
  /** Starts it again on the same port; resolves once it accepts connections. */
  start(): Promise<void>;
  /** Kills it and removes its files. */
  stop(): Promise<void>;
  /** The process id of the running broker (RabbitMQ: its launcher; see {@link brokerPids}). */
  readonly pid: number | undefined;
}

/** Polls `check` every `intervalMs` until it is true; rejects after `timeoutMs` naming `what`. */
async function until(
  check: () => Promise<boolean>,
  what: string,
  timeoutMs = 10_000,
  intervalMs = 100,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() >= deadline)
      throw new Error(`Timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
}

function accepts(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = tcpConnect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

/** Starts a process (`command` `args` with `env`) and waits until `port` accepts connections. */
function processBroker(
  name: string,
  url: string,
  port: number,
  launch: () => ChildProcess,
  readyMs: number,
  cleanup: () => void = () => {},
): Promise<PrivateBroker> {
  let child: ChildProcess | undefined;
  let output = '';
  const start = async () => {
    output = '';
    const started = launch();
    child = started;
    started.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    started.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    await until(
      async () => {
        if (started.exitCode !== null) throw new Error(`${name} exited: ${output.slice(-2000)}`);
        return accepts(port);
      },
      `${name} on port ${port}`,
      readyMs,
    );
  };
  const kill = async () => {
    const running = child;
    child = undefined;
    if (!running || running.exitCode !== null || running.signalCode !== null) return;
    const exited = new Promise((resolve) => running.once('exit', resolve));
    // The launcher's process group: RabbitMQ's shell script and its Erlang VM go together.
    process.kill(-running.pid!, 'SIGKILL');
    await exited;
    await until(async () => !(await accepts(port)), `${name} on port ${port} gone`);
  };
  return start().then(() => ({
    url,
    kill,
    start,
    stop: async () => {
      await kill();
      cleanup();
    },
    get pid() {
      return child?.pid;
    },
  }));
}

/** A private `nats-server` (`binary`, default `/usr/sbin/nats-server`) on a free loopback port. */
export async function startPrivateNats(binary = '/usr/sbin/nats-server'): Promise<PrivateBroker> {
  const port = await freePort();
  return processBroker(
    'nats-server',
    `nats://127.0.0.1:${port}`,
    port,
    () =>
      spawn(binary, ['-a', '127.0.0.1', '-p', String(port)], {
        stdio: ['ignore', 'pipe', 'pipe'],
        detached: true,
      }),
    10_000,
  );
}

/**
 * A private RabbitMQ node (`/usr/lib/rabbitmq/bin/rabbitmq-server` with its own node name, ports,
 * database and logs in a temporary folder, no plugins) on a free loopback port; the `guest` user
 * as on a fresh install. Starting takes seconds (an Erlang VM), so give the caller's hook time.
 */
export async function startPrivateRabbitMq(): Promise<PrivateBroker> {
  const [port, distPort] = [await freePort(), await freePort()];
  const dir = mkdtempSync(join(tmpdir(), 'mcp-rabbitmq-'));
  writeFileSync(join(dir, 'rabbitmq.conf'), `listeners.tcp.default = 127.0.0.1:${port}\n`);
  writeFileSync(join(dir, 'enabled_plugins'), '[].\n');
  const env = {
    ...process.env,
    HOME: dir, // its own Erlang cookie
    RABBITMQ_NODENAME: `mcp-e2e-${process.pid}-${port}@localhost`,
    RABBITMQ_NODE_PORT: String(port),
    RABBITMQ_DIST_PORT: String(distPort),
    RABBITMQ_MNESIA_BASE: join(dir, 'mnesia'),
    RABBITMQ_LOG_BASE: join(dir, 'log'),
    RABBITMQ_CONFIG_FILE: join(dir, 'rabbitmq.conf'),
    RABBITMQ_ENABLED_PLUGINS_FILE: join(dir, 'enabled_plugins'),
    RABBITMQ_PID_FILE: join(dir, 'pid'),
  };
  return processBroker(
    'rabbitmq-server',
    `amqp://guest:guest@127.0.0.1:${port}`,
    port,
    () =>
      spawn('/usr/lib/rabbitmq/bin/rabbitmq-server', [], {
        env,
        stdio: ['ignore', 'pipe', 'pipe'],
        detached: true,
      }),
    90_000,
    () => rmSync(dir, { recursive: true, force: true }),
  );
}
