/**
 * Load benchmark of the broker hop: `tools/call echo` sent to a gateway whose tool lives in a
 * service, the gateway reaching the service over NATS next to the same gateway reaching the same
 * service over Streamable HTTP, in one run. The service runs in its own process
 * (`bench/servers/microservice-echo.ts`: one McpServer behind both its NATS subject and its HTTP
 * endpoint) and NATS is a private `nats-server` this bench starts, so the CPU time of each process
 * is its own: the gateway's (this main thread; the load generator runs in a worker), the
 * service's and the broker's, each per call. Prints calls/s and CPU per call of both paths and
 * their ratios (NATS / HTTP); exits 1 only when calls failed.
 *
 * Usage: `npm run bench:microservices` (env as `npm run bench`: `BENCH_DURATION` s,
 * `BENCH_CONNECTIONS`, `BENCH_WARMUP` s, `BENCH_ROUNDS`; `NATS_SERVER` the nats-server binary,
 * default `/usr/sbin/nats-server`).
 */
import 'reflect-metadata';
import { Module, type INestApplication } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { connect as tcpConnect, createServer, type AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import {
  McpClientManager,
  McpGatewayModule,
  McpModule,
  type McpServersConfig,
} from '../lib/index.js';
import { runLoad } from './autocannon-run.js';
import { failureCount, type LoadResult } from './load-types.js';
import { openMcpSession } from './mcp-session.js';
import { readBenchOptions } from './options.js';
import { printEnvironment, printLoadAverage, printRun, summarise } from './report.js';
import { readyPort } from './servers/server-process.js';
import { smokeTest } from './smoke.js';
import { processCpuMs } from './thread-cpu.js';

const SERVICE = fileURLToPath(new URL('./servers/microservice-echo.js', import.meta.url));
type Path = 'nats' | 'http';

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

async function untilListening(port: number): Promise<void> {
  for (let i = 0; i < 100; i++) {
    const up = await new Promise<boolean>((resolve) => {
      const socket = tcpConnect(port, '127.0.0.1');
      socket.once('connect', () => {
        socket.destroy();
        resolve(true);
      });
      socket.once('error', () => resolve(false));
    });
    if (up) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`nothing listens on port ${port}`);
}

/** A gateway (Streamable HTTP) whose one upstream `svc` is reached as `mcpServers` says. */
async function startGateway(mcpServers: McpServersConfig['mcpServers']) {
  @Module({
    imports: [
      McpModule.forRoot({ name: 'bench-gateway', version: '0.0.0' }),
      McpGatewayModule.forRoot({
        mcpServers,
        namespace: { collisions: 'prefix-on-collision' },
        logger: false,
      }),
    ],
  })
  class GatewayModule {}
  const app = await NestFactory.create(GatewayModule, { logger: ['error', 'warn'] });
  await app.listen(0, '127.0.0.1');
  const manager = app.get(McpClientManager);
  for (let i = 0; i < 100 && manager.aggregate.tools.length === 0; i++) {
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const { port } = app.getHttpServer().address() as AddressInfo;
  return { app, url: `http://127.0.0.1:${port}/mcp` };
}

/** CPU (µs) a process used per completed call while `run` ran. */
async function withProcessCpu(
  pids: Record<string, number>,
  run: () => Promise<LoadResult>,
): Promise<[LoadResult, Record<string, number>]> {
  const before = Object.fromEntries(Object.entries(pids).map(([k, pid]) => [k, processCpuMs(pid)]));
  const result = await run();
  const perCall: Record<string, number> = {};
  for (const [name, pid] of Object.entries(pids)) {
    const used = (processCpuMs(pid) ?? Number.NaN) - (before[name] ?? Number.NaN);
    perCall[name] = (used * 1000) / Math.max(1, result.completed);
  }
  return [result, perCall];
}

const mean = (values: number[]) => values.reduce((a, b) => a + b, 0) / values.length;

async function main(): Promise<number> {
  const options = readBenchOptions();
  const order: Path[] = [
    ...Array.from({ length: options.rounds }, () => ['nats', 'http'] as const).flat(),
    'nats',
  ];
  printEnvironment(options, `order ${order.join(' -> ')}`);
  const children: ChildProcess[] = [];
  const apps: INestApplication[] = [];
  try {
    const natsPort = await freePort();
    const nats = spawn(
      process.env.NATS_SERVER ?? '/usr/sbin/nats-server',
      ['-a', '127.0.0.1', '-p', String(natsPort)],
      { stdio: 'ignore' },
    );
    children.push(nats);
    await untilListening(natsPort);
    const natsUrl = `nats://127.0.0.1:${natsPort}`;
    const subject = `mcp.bench.${process.pid}`;
    const service = spawn(process.execPath, [SERVICE], {
      env: { ...process.env, NATS_URL: natsUrl, MCP_SUBJECT: subject },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    children.push(service);
    const servicePort = await readyPort(
      service,
      (code, out) => new Error(`the bench service exited (${code}) before READY: ${out}`),
    );
    const gateways = {
      nats: await startGateway({ svc: { transport: { nats: { servers: natsUrl, subject } } } }),
      http: await startGateway({ svc: { url: `http://127.0.0.1:${servicePort}/mcp` } }),
    };
    apps.push(gateways.nats.app, gateways.http.app);
    const headers = {
      nats: await openMcpSession(gateways.nats.url),
      http: await openMcpSession(gateways.http.url),
    };
    for (const path of ['nats', 'http'] as const)
      await smokeTest(gateways[path].url, headers[path]);
    const pids = { service: service.pid!, broker: nats.pid! };
    const load = (path: Path, seconds: number) =>
      withProcessCpu(pids, () =>
        runLoad(gateways[path].url, headers[path], options.connections, seconds),
      );
    const failures: string[] = [];
    const check = (path: Path, phase: string, r: LoadResult) => {
      if (failureCount(r) > 0) {
        failures.push(
          `${path} ${phase}: ${r.non2xx} non-2xx, ${r.errors} errors, ${r.timeouts} timeouts, ` +
            `${r.badResponses} bad; first bad: ${r.firstBad ?? 'n/a'}`,
        );
      }
    };
    console.log('warm-up');
    for (const path of ['nats', 'http'] as const) {
      check(path, 'warm-up', (await load(path, options.warmupSec))[0]);
    }
    console.log('measure');
    const results = { nats: [] as LoadResult[], http: [] as LoadResult[] };
    const cpu = {
      nats: [] as Array<Record<string, number>>,
      http: [] as Array<Record<string, number>>,
    };
    for (const [index, path] of order.entries()) {
      const [r, perCall] = await load(path, options.durationSec);
      check(path, `run ${index + 1}`, r);
      results[path].push(r);
      cpu[path].push(perCall);
      printRun(path, index + 1, r);
    }
    printLoadAverage('after');
    const rows = (['nats', 'http'] as const).map((path) => {
      const s = summarise(path, results[path]);
      const service = mean(cpu[path].map((c) => c.service!));
      const broker = path === 'nats' ? mean(cpu[path].map((c) => c.broker!)) : 0;
      return { path, rps: s.rps, p50: s.p50Ms, gateway: s.cpuUsPerRequest, service, broker };
    });
    console.log('\npath   calls/s   p50 ms   CPU us/call: gateway  service  broker   total');
    for (const r of rows) {
      const total = r.gateway + r.service + r.broker;
      console.log(
        `${r.path.padEnd(5)} ${r.rps.toFixed(0).padStart(8)} ${r.p50.toFixed(2).padStart(8)}` +
          `${r.gateway.toFixed(0).padStart(22)} ${r.service.toFixed(0).padStart(8)}` +
          ` ${r.broker.toFixed(0).padStart(7)} ${total.toFixed(0).padStart(7)}`,
      );
    }
    const [n, h] = rows as [(typeof rows)[0], (typeof rows)[0]];
    const ratio = (a: number, b: number) => (a / b).toFixed(3);
    console.log('\nratios nats / http:');
    console.log(`  calls/s                          ${ratio(n.rps, h.rps)}`);
    console.log(`  gateway CPU per call             ${ratio(n.gateway, h.gateway)}`);
    console.log(`  service CPU per call             ${ratio(n.service, h.service)}`);
    console.log(
      `  gateway + service CPU per call   ${ratio(n.gateway + n.service, h.gateway + h.service)}`,
    );
    console.log(
      `  with the broker's CPU            ${ratio(n.gateway + n.service + n.broker, h.gateway + h.service)}`,
    );
    if (failures.length > 0) {
      console.error('\nFAILED calls:\n  ' + failures.join('\n  '));
      return 1;
    }
    return 0;
  } finally {
    for (const app of apps) await app.close().catch(() => undefined);
    for (const child of children.reverse()) {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGTERM');
        await once(child, 'exit');
      }
    }
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
