/**
 * Worker-thread entry that loads the MCP WebSocket endpoint: opens `sockets` MCP sessions
 * (`initialize` + `notifications/initialized` each), keeps `inflight` `tools/call echo` requests
 * in flight across them (unique ids), and posts back a {@link LoadResult}; one job at a time
 * (`bench/worker-jobs.ts`). The WebSocket
 * counterpart of `load-worker.ts` (autocannon), so both loads run off the servers' thread.
 */
import { createHistogram } from 'node:perf_hooks';
import { WebSocket } from 'ws';
import type { LoadResult } from './load-types.js';
import { serveJobs } from './worker-jobs.js';
import { isEchoResponse, PROTOCOL_VERSION, toolsCallBody } from './workload.js';

/** What the WebSocket load worker is asked to do. */
export interface WsLoadJob {
  url: string;
  /** Number of sockets (MCP sessions). */
  sockets: number;
  /** Requests in flight at any time, spread over the sockets. */
  inflight: number;
  durationSec: number;
  /** Ids of this run start above this value. */
  idBase: number;
}

const ID_PATTERN = /^\{"jsonrpc":"2\.0","id":(\d+),/;

async function openSession(url: string): Promise<WebSocket> {
  const ws = new WebSocket(url, 'mcp', { perMessageDeflate: false });
  await new Promise<void>((resolve, reject) => ws.once('open', resolve).once('error', reject));
  const reply = new Promise<string>((resolve) =>
    ws.once('message', (data) => resolve(String(data))),
  );
  ws.send(
    JSON.stringify({
      jsonrpc: '2.0',
      id: 0,
      method: 'initialize',
      params: {
        protocolVersion: PROTOCOL_VERSION,
        capabilities: {},
        clientInfo: { name: 'nestjs-mcp-bench-ws', version: '0.0.0' },
      },
    }),
  );
  const init = JSON.parse(await reply) as { result?: { protocolVersion?: string } };
  if (init.result?.protocolVersion !== PROTOCOL_VERSION) {
    throw new Error(`initialize over WebSocket failed: ${JSON.stringify(init)}`);
  }
  ws.send(JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' }));
  return ws;
}

async function run(job: WsLoadJob): Promise<LoadResult> {
  const sockets = await Promise.all(
    Array.from({ length: job.sockets }, () => openSession(job.url)),
  );
  const latencyUs = createHistogram();
  const started = new Map<number, bigint>();
  let nextId = job.idBase;
  let completed = 0;
  let badResponses = 0;
  let errors = 0;
  let firstBad: string | undefined;
  let stopping = false;

  const send = (ws: WebSocket) => {
    const id = ++nextId;
    started.set(id, process.hrtime.bigint());
    ws.send(toolsCallBody(id));
  };
  let drained!: () => void;
  const allAnswered = new Promise<void>((resolve) => (drained = resolve));
  for (const ws of sockets) {
    ws.on('error', () => errors++);
    ws.on('message', (data) => {
      const text = String(data);
      const id = Number(ID_PATTERN.exec(text)?.[1]);
      const start = started.get(id);
      if (start === undefined || !isEchoResponse(text, id)) {
        badResponses++;
        firstBad ??= text.slice(0, 300);
        return;
      }
      started.delete(id);
      if (stopping) {
        if (started.size === 0) drained();
        return;
      }
      completed++;
      latencyUs.record(Math.max(1, Number((process.hrtime.bigint() - start) / 1000n)));
      send(ws);
    });
  }
  const begin = performance.now();
  for (let i = 0; i < job.inflight; i++) send(sockets[i % sockets.length]);
  await new Promise((resolve) => setTimeout(resolve, job.durationSec * 1000));
  stopping = true;
  const durationSec = (performance.now() - begin) / 1000;
  const timeouts = started.size;
  if (started.size > 0) {
    await Promise.race([allAnswered, new Promise((resolve) => setTimeout(resolve, 5000))]);
  }
  await Promise.all(
    sockets.map((ws) => new Promise((resolve) => ws.once('close', resolve).close(1000))),
  );
  return {
    completed,
    durationSec,
    rps: completed / durationSec,
    p50Ms: latencyUs.percentile(50) / 1000,
    p99Ms: latencyUs.percentile(99) / 1000,
    meanMs: latencyUs.mean / 1000,
    non2xx: 0,
    errors,
    // Requests still unanswered 5 s after the end count as timeouts.
    timeouts: timeouts === 0 ? 0 : started.size,
    badResponses,
    firstBad,
  };
}

serveJobs(run);
