/**
 * Load benchmark of the broker hops: `tools/call echo` sent to a gateway whose tool lives in a
 * service, the gateway reaching the service over NATS, over RabbitMQ, and over Streamable HTTP,
 * in one run. The service runs in its own process (`bench/servers/microservice-echo.ts`: one
 * McpServer behind its NATS subject, its RabbitMQ queue and its HTTP endpoint, the library's fast
 * path) and NATS and RabbitMQ are private brokers this bench starts (`bench/private-brokers.ts`),
 * so the CPU time of each process is its own: the gateway's (this main thread; the load
 * generator runs in a worker), the service's and the broker's, each per call. Prints calls/s and
 * CPU per call of each path, their ratios to HTTP, and the goal (a broker hop costs less CPU per
 * call than the HTTP hop, the broker's own CPU included) with its status; exits 1 only when calls
 * failed.
 *
 * Usage: `npm run bench:microservices` (env as `npm run bench`: `BENCH_DURATION` s,
 * `BENCH_CONNECTIONS`, `BENCH_WARMUP` s, `BENCH_ROUNDS`; `NATS_SERVER` the nats-server binary,
 * default `/usr/sbin/nats-server`; `BENCH_HTTP_CONTROLLER=1` serves the service's HTTP endpoint
 * from the Nest controller instead of the fast path).
 */
import 'reflect-metadata';
import { Module, type INestApplication } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
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
import { startPrivateNats, startPrivateRabbitMq, type PrivateBroker } from './private-brokers.js';
import { processCpuMs, processGroupCpuMs } from './thread-cpu.js';

const SERVICE = fileURLToPath(new URL('./servers/microservice-echo.js', import.meta.url));
const PATHS = ['nats', 'rabbitmq', 'http'] as const;
type Path = (typeof PATHS)[number];

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

/** CPU (µs) each meter's process (or process group) used per completed call while `run` ran. */
async function withProcessCpu(
  meters: Record<string, () => number | undefined>,
  run: () => Promise<LoadResult>,
): Promise<[LoadResult, Record<string, number>]> {
  const before = Object.fromEntries(Object.entries(meters).map(([k, cpu]) => [k, cpu()]));
  const result = await run();
  const perCall: Record<string, number> = {};
  for (const [name, cpu] of Object.entries(meters)) {
    const used = (cpu() ?? Number.NaN) - (before[name] ?? Number.NaN);
    perCall[name] = (used * 1000) / Math.max(1, result.completed);
  }
  return [result, perCall];
}

/** One row of the summary: a path's calls/s, p50 and CPU µs per call of each process. */
interface Row {
  path: Path;
  rps: number;
  p50: number;
  gateway: number;
  service: number;
  broker: number;
}

const hopCpu = (r: Row) => r.gateway + r.service + r.broker;

/** Prints the table, the ratios of each broker path to HTTP, and the goal with its status. */
function printSummary(rows: Row[]): void {
  console.log('\npath       calls/s   p50 ms   CPU us/call: gateway  service  broker   total');
  for (const r of rows) {
    console.log(
      `${r.path.padEnd(9)} ${r.rps.toFixed(0).padStart(8)} ${r.p50.toFixed(2).padStart(8)}` +
        `${r.gateway.toFixed(0).padStart(22)} ${r.service.toFixed(0).padStart(8)}` +
        ` ${r.broker.toFixed(0).padStart(7)} ${hopCpu(r).toFixed(0).padStart(7)}`,
    );
  }
  const http = rows.find((r) => r.path === 'http')!;
  const ratio = (a: number, b: number) => (a / b).toFixed(3);
  console.log(
    '\ngoal: a broker hop costs less CPU per call than the HTTP hop ' +
      '(gateway + service + broker, against gateway + service over HTTP)',
  );
  for (const r of rows.filter((row) => row.path !== 'http')) {
    const met = hopCpu(r) < hopCpu(http);
    console.log(`\nratios ${r.path} / http:`);
    console.log(`  calls/s                          ${ratio(r.rps, http.rps)}`);
    console.log(`  gateway CPU per call             ${ratio(r.gateway, http.gateway)}`);
    console.log(`  service CPU per call             ${ratio(r.service, http.service)}`);
    console.log(
      `  gateway + service CPU per call   ${ratio(r.gateway + r.service, http.gateway + http.service)}`,
    );
    console.log(`  with the broker's CPU            ${ratio(hopCpu(r), hopCpu(http))}`);
    console.log(`  goal                             ${met ? 'MET' : 'NOT MET'}`);
  }
}

const mean = (values: number[]) => values.reduce((a, b) => a + b, 0) / values.length;

async function main(): Promise<number> {
  const options = readBenchOptions();
  const round = [...PATHS];
  // Each round in order, then once backwards, so drift of the machine's load hits every path.
  const order: Path[] = [
    ...Array.from({ length: options.rounds }, () => round).flat(),
    ...[...round].reverse(),
  ];
  printEnvironment(options, `order ${order.join(' -> ')}`);
  const children: ChildProcess[] = [];
  const brokers: PrivateBroker[] = [];
  const apps: INestApplication[] = [];
  try {
    const [nats, rabbit] = await Promise.all([
      startPrivateNats(process.env.NATS_SERVER),
      startPrivateRabbitMq(),
    ]);
    brokers.push(nats, rabbit);
    const subject = `mcp.bench.${process.pid}`;
    const service = spawn(process.execPath, [SERVICE], {
      env: {
        ...process.env,
        NATS_URL: nats.url,
        MCP_SUBJECT: subject,
        AMQP_URL: rabbit.url,
        MCP_QUEUE: subject,
      },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    children.push(service);
    const servicePort = await readyPort(
      service,
      (code, out) => new Error(`the bench service exited (${code}) before READY: ${out}`),
    );
    const gateways = {
      nats: await startGateway({
        svc: { transport: { nats: { servers: nats.url, subject } } },
      }),
      rabbitmq: await startGateway({
        svc: { transport: { rabbitmq: { url: rabbit.url, queue: subject } } },
      }),
      http: await startGateway({ svc: { url: `http://127.0.0.1:${servicePort}/mcp` } }),
    };
    apps.push(...PATHS.map((path) => gateways[path].app));
    const headers = {} as Record<Path, Record<string, string>>;
    for (const path of PATHS) {
      headers[path] = await openMcpSession(gateways[path].url);
      await smokeTest(gateways[path].url, headers[path]);
    }
    // The broker's CPU: nats-server's process; RabbitMQ's launcher's process group (its Erlang VM).
    const brokerCpu: Record<Path, () => number | undefined> = {
      nats: () => processCpuMs(nats.pid!),
      rabbitmq: () => processGroupCpuMs(rabbit.pid!),
      http: () => 0,
    };
    const load = (path: Path, seconds: number) =>
      withProcessCpu({ service: () => processCpuMs(service.pid!), broker: brokerCpu[path] }, () =>
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
    for (const path of PATHS) check(path, 'warm-up', (await load(path, options.warmupSec))[0]);
    console.log('measure');
    const results = { nats: [], rabbitmq: [], http: [] } as Record<Path, LoadResult[]>;
    const cpu = { nats: [], rabbitmq: [], http: [] } as Record<Path, Array<Record<string, number>>>;
    for (const [index, path] of order.entries()) {
      const [r, perCall] = await load(path, options.durationSec);
      check(path, `run ${index + 1}`, r);
      results[path].push(r);
      cpu[path].push(perCall);
      printRun(path, index + 1, r);
    }
    printLoadAverage('after');
    printSummary(
      PATHS.map((path) => {
        const s = summarise(path, results[path]);
        const service = mean(cpu[path].map((c) => c.service!));
        const broker = mean(cpu[path].map((c) => c.broker!));
        return { path, rps: s.rps, p50: s.p50Ms, gateway: s.cpuUsPerRequest, service, broker };
      }),
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
    await Promise.all(brokers.map((broker) => broker.stop()));
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
