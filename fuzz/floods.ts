/**
 * Flood mode of the fuzz suite (issue 24): what one caller can make the server hold, with the
 * default limits on. Each flood checks that every answer is spec-shaped (a result, or a -32000
 * refusal with 429/503 and `Retry-After`), that a normal call is answered during and after, and
 * that RSS after GC stays bounded:
 * - tasks: one anonymous 2026-07-28 caller creates FLOOD_TASKS tasks (default 12 000);
 * - pending elicitations: one 2025 session starts FLOOD_ASKS eliciting calls it never answers;
 * - batches: one 2025-03-26 session posts FLOOD_BATCHES batches of 250 calls (over the in-flight
 *   cap of 100): every request id gets an answer.
 *
 * Usage: `npm run fuzz:floods` (env FLOOD_TASKS, FLOOD_ASKS, FLOOD_BATCHES, FLOOD_RSS_MB: the
 * allowed RSS growth, default 64). Run with --expose-gc.
 */
import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { McpServer } from '../lib/index.js';
import { Verdicts, isJsonRpcShaped } from './checks.js';
import { FloodAppModule } from './flood-app.module.js';
import { envInt, exitWith, rssAfterGc, trapEscapes } from './run-support.js';

const escaped = trapEscapes();

const MODERN_META = {
  'io.modelcontextprotocol/protocolVersion': '2026-07-28',
  'io.modelcontextprotocol/clientCapabilities': {
    extensions: { 'io.modelcontextprotocol/tasks': {} },
  },
  'io.modelcontextprotocol/clientInfo': { name: 'flood', version: '1' },
};

let nextId = 1;
const call = (name: string, args: Record<string, unknown>, meta?: object) => ({
  jsonrpc: '2.0',
  id: nextId++,
  method: 'tools/call',
  params: { name, arguments: args, ...(meta && { _meta: meta }) },
});

/** One flood's verdict. */
interface FloodResult {
  name: string;
  served: number;
  refused: number;
  alive: boolean;
}

class Flooder {
  readonly verdicts = new Verdicts();

  constructor(private readonly url: string) {}

  post(body: unknown, headers: Record<string, string> = {}): Promise<Response> {
    return fetch(this.url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
        ...headers,
      },
      body: JSON.stringify(body),
    });
  }

  /** Checks one answer: a result, or a refusal with 429/503 + Retry-After and -32000. */
  async judge(response: Response, what: string): Promise<'served' | 'refused'> {
    const text = await response.text();
    const messages = response.headers.get('content-type')?.startsWith('text/event-stream')
      ? text
          .split(/\r?\n/)
          .filter((l) => l.startsWith('data: ') && l.length > 6)
          .map((l) => JSON.parse(l.slice(6)) as unknown)
      : [JSON.parse(text) as unknown].flat();
    const last = messages.at(-1) as { error?: { code: number } } | undefined;
    const refused = response.status === 429 || response.status === 503;
    const ok =
      messages.every(isJsonRpcShaped) &&
      (refused
        ? response.headers.get('retry-after') !== null && last?.error?.code === -32000
        : response.status === 200 && last !== undefined);
    this.verdicts.check(ok, `${what}: ${response.status} ${text}`);
    return refused ? 'refused' : 'served';
  }

  /** A plain 2026-07-28 call answered correctly (liveness). */
  async alive(): Promise<boolean> {
    const response = await this.post(call('echo', { text: 'alive' }, MODERN_META), {
      'mcp-protocol-version': '2026-07-28',
      'mcp-method': 'tools/call',
      'mcp-name': 'echo',
    });
    return response.status === 200 && (await response.text()).includes('echo: alive');
  }

  /** A 2025 session (Streamable HTTP), its headers for later requests. */
  async session(version: string, capabilities: object): Promise<Record<string, string>> {
    const response = await this.post({
      jsonrpc: '2.0',
      id: nextId++,
      method: 'initialize',
      params: { protocolVersion: version, capabilities, clientInfo: { name: 'f', version: '1' } },
    });
    await response.text();
    const headers = {
      'mcp-session-id': response.headers.get('mcp-session-id') ?? '',
      'mcp-protocol-version': version,
    };
    await (
      await this.post({ jsonrpc: '2.0', method: 'notifications/initialized' }, headers)
    ).text();
    return headers;
  }
}

/** Runs `total` jobs, `width` at a time, checking liveness halfway. */
async function waves(
  total: number,
  width: number,
  job: (i: number) => Promise<'served' | 'refused'>,
  flooder: Flooder,
): Promise<{ served: number; refused: number; aliveDuring: boolean }> {
  let served = 0;
  let refused = 0;
  let aliveDuring = true;
  for (let start = 0; start < total; start += width) {
    const outcomes = await Promise.all(
      Array.from({ length: Math.min(width, total - start) }, (_, i) => job(start + i)),
    );
    for (const outcome of outcomes) {
      if (outcome === 'served') served++;
      else refused++;
    }
    if (start <= total / 2 && start + width > total / 2) aliveDuring = await flooder.alive();
  }
  return { served, refused, aliveDuring };
}

async function taskFlood(flooder: Flooder, count: number): Promise<FloodResult> {
  const headers = {
    'mcp-protocol-version': '2026-07-28',
    'mcp-method': 'tools/call',
    'mcp-name': 'flood_task',
  };
  const outcome = await waves(
    count,
    50,
    async (n) =>
      flooder.judge(await flooder.post(call('flood_task', { n }, MODERN_META), headers), 'task'),
    flooder,
  );
  return { name: 'tasks', ...outcome, alive: outcome.aliveDuring && (await flooder.alive()) };
}

async function askFlood(flooder: Flooder, count: number): Promise<FloodResult> {
  const session = await flooder.session('2025-11-25', { elicitation: { form: {} } });
  // Nobody answers: every call ends refused at once (over the cap) or with -32003 after the
  // server's requestTimeoutMs, on its SSE reply.
  const outcome = await waves(
    count,
    count,
    async () => {
      const response = await flooder.post(call('ask', {}), session);
      if (response.status !== 200) return flooder.judge(response, 'ask');
      const text = await response.text();
      const ended = /"code":-32003/.test(text) && /did not answer/.test(text);
      flooder.verdicts.check(ended, `ask: ${text}`);
      return 'served';
    },
    flooder,
  );
  return { name: 'pending elicitations', ...outcome, alive: await flooder.alive() };
}

async function batchFlood(flooder: Flooder, count: number): Promise<FloodResult> {
  const session = await flooder.session('2025-03-26', {});
  let answeredAll = true;
  const outcome = await waves(
    count,
    4,
    async () => {
      const batch = Array.from({ length: 250 }, (_, i) => call('echo', { text: `b${i}` }));
      const response = await flooder.post(batch, session);
      const clone = response.clone();
      const verdict = await flooder.judge(response, 'batch');
      const body = (await clone.json().catch(() => [])) as Array<{ id?: unknown }>;
      const ids = new Set(Array.isArray(body) ? body.map((m) => m.id) : []);
      if (!batch.every((m) => ids.has(m.id))) answeredAll = false;
      return verdict;
    },
    flooder,
  );
  flooder.verdicts.check(answeredAll, 'batch: a request id went unanswered');
  return { name: 'batches', ...outcome, alive: await flooder.alive() };
}

async function main(): Promise<number> {
  const app = await NestFactory.create(FloodAppModule, { logger: ['error'] });
  await app.listen(0, '127.0.0.1');
  // The flooding client shares this process's event loop: on a loaded machine a wave can lag it
  // past Node's 5 s keep-alive timeout, and a request written on a socket the server was closing
  // failed with "other side closed" (CI, `fuzz:short`). Idle sockets live half a minute here.
  const server = app.getHttpServer() as Server;
  server.keepAliveTimeout = 30_000;
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/mcp`;
  const flooder = new Flooder(url);
  await flooder.alive(); // warm-up: code and caches loaded before the first measure
  const rssStart = rssAfterGc();
  const results = [
    await taskFlood(flooder, envInt('FLOOD_TASKS', 12_000)),
    await askFlood(flooder, envInt('FLOOD_ASKS', 200)),
    await batchFlood(flooder, envInt('FLOOD_BATCHES', 20)),
  ];
  const rssEnd = rssAfterGc();
  const stats = app.get(McpServer).stats();
  await app.close();
  const growthMb = (rssEnd - rssStart) / 1024 / 1024;
  const allowedMb = envInt('FLOOD_RSS_MB', 64);
  for (const r of results) {
    console.log(
      `floods: ${r.name}: ${r.served} served, ${r.refused} refused, alive ${r.alive ? 'yes' : 'NO'}`,
    );
  }
  console.log(
    `floods: ${flooder.verdicts.answered} answers checked, ${flooder.verdicts.bad.length} not ` +
      `spec-shaped, ${escaped.length} escaped; refused ${JSON.stringify(stats.refused)}; ` +
      `RSS after GC +${growthMb.toFixed(1)} MiB (allowed ${allowedMb})`,
  );
  for (const bad of flooder.verdicts.bad.filter(Boolean).slice(0, 5)) console.log(`  bad: ${bad}`);
  for (const error of escaped.slice(0, 3)) console.log('  escaped:', error);
  const ok =
    flooder.verdicts.bad.length === 0 &&
    escaped.length === 0 &&
    results.every((r) => r.alive) &&
    growthMb <= allowedMb;
  console.log(ok ? 'floods: OK' : 'floods: FAILED');
  return ok ? 0 : 1;
}

exitWith(main());
