/**
 * Load benchmark: MCP `tools/call echo` over WebSocket next to Streamable HTTP, served by one
 * NestJS app (the same McpServer behind both transports), in one run. HTTP is loaded by
 * autocannon (`BENCH_CONNECTIONS` connections, one request in flight each); WebSocket by a loop
 * keeping the same number of requests in flight over `BENCH_WS_SOCKETS` sockets (default 4),
 * each a session, unique ids. Both load generators run in worker threads. Prints req/s of each
 * and the ratio; exits 1 only when requests failed.
 *
 * Usage: `npm run build && node dist/bench/websocket-vs-http.js` (env as `npm run bench`:
 * `BENCH_DURATION` s, `BENCH_CONNECTIONS`, `BENCH_WARMUP` s, `BENCH_ROUNDS`; plus
 * `BENCH_WS_SOCKETS`).
 */
import 'reflect-metadata';
import { Injectable, Module } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { AddressInfo } from 'node:net';
import { WebSocket } from 'ws';
import { z } from 'zod';
import { createMcpWebSocketGateway, McpModule, Tool } from '../lib/index.js';
import { runLoad } from './autocannon-run.js';
import { failureCount, type LoadResult } from './load-types.js';
import { openMcpSession } from './mcp-session.js';
import { readBenchOptions } from './options.js';
import { printEnvironment, printLoadAverage, printRun, summarise } from './report.js';
import { smokeTest } from './smoke.js';
import { runMeasuredWorker } from './measured-worker.js';
import type { WsLoadJob } from './websocket-load-worker.js';

@Injectable()
class EchoTools {
  @Tool({
    description: 'Echoes the given text back',
    inputSchema: { text: z.string().describe('Text to echo') },
    annotations: { readOnlyHint: true },
  })
  echo({ text }: { text: string }) {
    return text;
  }
}

@Module({
  imports: [McpModule.forRoot({ name: 'nestjs-mcp-bench', version: '0.0.0' })],
  providers: [EchoTools, createMcpWebSocketGateway('/ws')],
})
class WsBenchModule {}

const WORKER_URL = new URL('./websocket-load-worker.js', import.meta.url);
let runs = 0;

/**
 * Runs the WebSocket load in a worker and measures this (the servers') thread meanwhile, like
 * `runLoad` does for autocannon.
 */
function runWsLoad(url: string, sockets: number, inflight: number, seconds: number) {
  const job: WsLoadJob = { url, sockets, inflight, durationSec: seconds, idBase: ++runs * 1e9 };
  return runMeasuredWorker(WORKER_URL, job);
}

/** One `tools/call echo` over a fresh socket, so a broken endpoint fails before the load. */
async function smokeTestWs(url: string): Promise<void> {
  const ws = new WebSocket(url, 'mcp');
  await new Promise((resolve, reject) => ws.once('open', resolve).once('error', reject));
  const frames: string[] = [];
  const next = () =>
    new Promise<string>((resolve) => ws.once('message', (d) => resolve(String(d))));
  const init = {
    protocolVersion: '2025-11-25',
    capabilities: {},
    clientInfo: { name: 'smoke', version: '0' },
  };
  ws.send(JSON.stringify({ jsonrpc: '2.0', id: 0, method: 'initialize', params: init }));
  frames.push(await next());
  ws.send(JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' }));
  const { isEchoResponse, toolsCallBody } = await import('./workload.js');
  ws.send(toolsCallBody(42));
  frames.push(await next());
  ws.close();
  if (ws.protocol !== 'mcp' || !isEchoResponse(frames[1], 42)) {
    throw new Error(
      `WebSocket smoke test failed (protocol "${ws.protocol}"): ${frames.join(' | ')}`,
    );
  }
}

function positiveInt(name: string, fallback: number): number {
  const value = Number(process.env[name] ?? fallback);
  if (!Number.isInteger(value) || value <= 0) throw new Error(`${name} must be a positive integer`);
  return value;
}

async function main(): Promise<number> {
  const options = readBenchOptions();
  const sockets = positiveInt('BENCH_WS_SOCKETS', 4);
  const order = [
    ...Array.from({ length: options.rounds }, () => ['ws', 'http'] as const).flat(),
    'ws' as const,
  ];
  printEnvironment(options, `order ${order.join(' -> ')}`);
  console.log(`websocket: ${sockets} sockets, ${options.connections} requests in flight`);
  const app = await NestFactory.create(WsBenchModule, { logger: ['error', 'warn'] });
  await app.listen(0, '127.0.0.1');
  const { port } = app.getHttpServer().address() as AddressInfo;
  const httpUrl = `http://127.0.0.1:${port}/mcp`;
  const wsUrl = `ws://127.0.0.1:${port}/ws`;
  try {
    const headers = await openMcpSession(httpUrl);
    await smokeTest(httpUrl, headers);
    await smokeTestWs(wsUrl);
    const load = (name: 'ws' | 'http', seconds: number) =>
      name === 'ws'
        ? runWsLoad(wsUrl, sockets, options.connections, seconds)
        : runLoad(httpUrl, headers, options.connections, seconds);
    const failures: string[] = [];
    const check = (name: string, phase: string, r: LoadResult) => {
      if (failureCount(r) > 0) {
        failures.push(
          `${name} ${phase}: ${r.non2xx} non-2xx, ${r.errors} errors, ${r.timeouts} timeouts, ` +
            `${r.badResponses} bad; first bad: ${r.firstBad ?? 'n/a'}`,
        );
      }
    };
    console.log('warm-up');
    for (const name of ['ws', 'http'] as const)
      check(name, 'warm-up', await load(name, options.warmupSec));
    console.log('measure');
    const results = { ws: [] as LoadResult[], http: [] as LoadResult[] };
    for (const [index, name] of order.entries()) {
      const r = await load(name, options.durationSec);
      check(name, `run ${index + 1}`, r);
      results[name].push(r);
      printRun(name, index + 1, r);
    }
    printLoadAverage('after');
    const ws = summarise('ws', results.ws);
    const http = summarise('http', results.http);
    for (const s of [ws, http]) {
      console.log(
        `${s.name.padEnd(5)} ${s.rps.toFixed(0).padStart(7)} req/s  p50 ${s.p50Ms.toFixed(2)} ms  ` +
          `p99 ${s.p99Ms.toFixed(2)} ms  server ELU ${(s.elu * 100).toFixed(0)} %  CPU ${s.cpuUsPerRequest.toFixed(0)} us/req  (${s.runs} runs)`,
      );
    }
    console.log(`\nratio websocket / streamable http (req/s): ${(ws.rps / http.rps).toFixed(3)}`);
    if (failures.length > 0) {
      console.error('\nFAILED requests:\n  ' + failures.join('\n  '));
      return 1;
    }
    return 0;
  } finally {
    await app.close();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
