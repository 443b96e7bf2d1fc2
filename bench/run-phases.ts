/**
 * The load phases of `npm run bench` (`bench/run.ts`): each interleaves its arms
 * (`bench/interleaved-runs.ts`), prints its table (ratios to the bare route of the same adapter
 * and to the raw `node:http` echo), and adds its targets and, with a baseline commit, its
 * before/after pairs.
 */
import type { BeforeAfterPair } from './before-after.js';
import type { BenchServer, BenchServers, McpTarget } from './bench-servers.js';
import { runInterleaved, type InterleavedResult, type LoadTarget } from './interleaved-runs.js';
import type { BenchOptions } from './options.js';
import { GOALS, p99, throughput, youngGcKept } from './phase-checks.js';
import type { TargetCheck } from './targets.js';
import { printPhaseTable, type PhaseRow, type TargetSummary } from './report.js';
import { processCpuMs } from './thread-cpu.js';
import { BASE_HEADERS, MODERN_HEADERS } from './workload.js';

/** What every phase reads and adds to. */
export interface PhaseContext {
  servers: BenchServers;
  options: BenchOptions;
  checks: TargetCheck[];
  failures: string[];
  pairs: BeforeAfterPair[];
}

const MODERN = { ...BASE_HEADERS, ...MODERN_HEADERS };
const RAW = 'raw node';

/** The target fields of a server in its own process: its CPU and scavenges, read around each run. */
function ownProcess(server: BenchServer): Pick<LoadTarget, 'serverCpuMs' | 'youngGcWindow'> {
  const pid = server.pid;
  if (pid === undefined) return {};
  const youngGcWindow = server.youngGcWindow?.bind(server);
  return { serverCpuMs: () => processCpuMs(pid), ...(youngGcWindow && { youngGcWindow }) };
}

/** The raw echo as a target of a phase (its own process). */
function rawTarget(ctx: PhaseContext, fields: Partial<LoadTarget>): LoadTarget {
  const raw = ctx.servers.raw;
  return { name: RAW, url: raw.url, headers: { ...BASE_HEADERS }, ...ownProcess(raw), ...fields };
}

/** The arm's name on the baseline commit's library. */
const beforeName = (ctx: PhaseContext, name: string) => `${name} @${ctx.servers.baselineLabel}`;

/** Runs the targets, records failures; returns a summary lookup. */
async function run(ctx: PhaseContext, title: string, targets: LoadTarget[]) {
  const result: InterleavedResult = await runInterleaved(title, targets, ctx.options);
  ctx.failures.push(...result.failures);
  return (name: string) => result.summaries.get(name)!;
}

/** Adds the before/after pair of each arm that has a baseline twin. */
function pairUp(
  ctx: PhaseContext,
  s: (name: string) => TargetSummary,
  arms: { arm: string; name: string }[],
) {
  if (!ctx.servers.baselineLabel) return;
  for (const { arm, name } of arms) {
    ctx.pairs.push({ arm, before: s(beforeName(ctx, name)), after: s(name) });
  }
}

/** The table rows of an adapter's arms (`names`), then its bare route; the raw echo last. */
function rowsOf(
  s: (name: string) => TargetSummary,
  groups: { names: string[]; bare: string }[],
): PhaseRow[] {
  const raw = s(RAW);
  return [
    ...groups.flatMap((g) =>
      [...g.names, g.bare].map((name) => ({ summary: s(name), bare: s(g.bare), raw })),
    ),
    { summary: raw, raw },
  ];
}

/**
 * `tools/call echo`: per adapter a 2025 session (`mcp`), a stateless 2026-07-28 request
 * (`mcp2026`), both on the fast path (`fast mcp`, `fast mcp2026`) and the bare route; the raw
 * echo (goals in `bench/phase-checks.ts`). With `BENCH_OTEL` (default 1) the first adapter's
 * 2025 calls with the OpenTelemetry SDK subscribed, sampling off and on (`bench/otel-arm.ts`).
 */
export async function callPhase(ctx: PhaseContext): Promise<void> {
  // The arm lives in the first adapter's controller process, built there on first use.
  const otel = process.env.BENCH_OTEL !== '0' ? ctx.servers.adapters[0].otel : undefined;
  try {
    const plain = () => otel?.use('none');
    const targets: LoadTarget[] = [];
    const groups: { names: string[]; bare: string }[] = [];
    const calls = (mcp: McpTarget, name: (arm: string) => string): LoadTarget[] => [
      {
        name: name('mcp'),
        url: mcp.app.url,
        headers: mcp.sessionHeaders,
        before: plain,
        ...ownProcess(mcp.app),
      },
      {
        name: name('mcp2026'),
        url: mcp.app.url,
        headers: MODERN,
        modern: true,
        before: plain,
        ...ownProcess(mcp.app),
      },
    ];
    for (const a of ctx.servers.adapters) {
      const arms = [
        ...calls(a.mcp, (arm) => `${a.adapter} ${arm}`),
        ...calls(a.fast, (arm) => `${a.adapter} fast ${arm}`),
        ...(a.before ? calls(a.before, (arm) => beforeName(ctx, `${a.adapter} ${arm}`)) : []),
      ];
      if (otel && a === ctx.servers.adapters[0]) {
        arms.push(
          { ...arms[0], name: `${a.adapter} otel-off`, before: () => otel.use('off') },
          { ...arms[0], name: `${a.adapter} otel-on`, before: () => otel.use('on') },
        );
      }
      const bare = `${a.adapter} bare`;
      targets.push(...arms, {
        name: bare,
        url: a.bare.url,
        headers: { ...BASE_HEADERS },
        before: plain,
        ...ownProcess(a.bare),
      });
      groups.push({ names: arms.map((t) => t.name), bare });
    }
    targets.push(rawTarget(ctx, { before: plain }));
    const s = await run(ctx, 'tools/call', targets);
    printPhaseTable(rowsOf(s, groups));
    for (const a of ctx.servers.adapters) {
      const bare = s(`${a.adapter} bare`);
      const goal = a.adapter === 'express' ? GOALS.expressCall : GOALS.fastifyCall;
      const raw = s(RAW);
      for (const [era, arm] of [
        ['2025 session', 'mcp'],
        ['2026-07-28 stateless', 'mcp2026'],
      ]) {
        ctx.checks.push(
          throughput(
            `tools/call, ${era} / bare, ${a.adapter}`,
            s(`${a.adapter} ${arm}`),
            bare,
            goal,
            'req/s',
          ),
          throughput(
            `fast path tools/call, ${era} / raw node, ${a.adapter}`,
            s(`${a.adapter} fast ${arm}`),
            raw,
            GOALS.fastCall,
            'req/s',
          ),
        );
      }
      const ours = [`${a.adapter} fast mcp`, `${a.adapter} fast mcp2026`];
      if (a.adapter === 'fastify') ours.push(`${a.adapter} mcp`, `${a.adapter} mcp2026`);
      for (const name of ours) {
        ctx.checks.push(youngGcKept(`scavenges keep little, ${name}`, s(name)));
      }
      pairUp(ctx, s, [
        { arm: `tools/call 2025 session, ${a.adapter}`, name: `${a.adapter} mcp` },
        { arm: `tools/call 2026-07-28 stateless, ${a.adapter}`, name: `${a.adapter} mcp2026` },
      ]);
      const otelOn = targets.find((t) => t.name === `${a.adapter} otel-on`);
      if (otelOn) {
        const mcp = s(`${a.adapter} mcp`);
        for (const arm of ['otel-off', 'otel-on']) {
          console.log(
            `${a.adapter} ${arm} / mcp (OpenTelemetry SDK, sampling ${arm === 'otel-on' ? 'on' : 'off'}, ` +
              `vs no subscriber): ${(s(`${a.adapter} ${arm}`).rps / mcp.rps).toFixed(2)}x`,
          );
        }
      }
    }
    if (otel) console.log(`spans exported (sampling on): ${await otel.exportedSpans()}`);
  } finally {
    await otel?.use('none');
  }
}

/**
 * Handshakes, rates of whole handshakes: per adapter initialize → initialized → tools/list →
 * tools/call → DELETE on a fresh session (one address, the bench's raised caps); the same without
 * DELETE on the app that trusts the loader as a proxy, each handshake from its own
 * `X-Forwarded-For` address under the default caps (idle sessions end after
 * `BENCH_PROXY_IDLE_MS`); the bare route's (and the raw echo's) four trips.
 */
export async function handshakePhase(ctx: PhaseContext): Promise<void> {
  const targets: LoadTarget[] = [];
  const groups: { names: string[]; bare: string }[] = [];
  const headers = { ...BASE_HEADERS };
  for (const a of ctx.servers.adapters) {
    const arms: LoadTarget[] = [
      {
        name: `${a.adapter} mcp+DELETE`,
        url: a.mcp.app.url,
        headers,
        workload: 'handshake-delete',
        ...ownProcess(a.mcp.app),
      },
      ...(a.before
        ? [
            {
              name: beforeName(ctx, `${a.adapter} mcp+DELETE`),
              url: a.before.app.url,
              headers,
              workload: 'handshake-delete' as const,
              ...ownProcess(a.before.app),
            },
          ]
        : []),
      {
        name: `${a.adapter} mcp proxied`,
        url: a.proxied.url,
        headers,
        workload: 'handshake',
        forwardedFor: true,
        ...ownProcess(a.proxied),
      },
      {
        name: `${a.adapter} fast mcp+DELETE`,
        url: a.fast.app.url,
        headers,
        workload: 'handshake-delete',
        ...ownProcess(a.fast.app),
      },
    ];
    const bare = `${a.adapter} bare 4 trips`;
    targets.push(...arms, {
      name: bare,
      url: a.bare.url,
      headers,
      workload: 'handshake',
      ...ownProcess(a.bare),
    });
    groups.push({ names: arms.map((t) => t.name), bare });
  }
  targets.push(rawTarget(ctx, { workload: 'handshake' }));
  const s = await run(
    ctx,
    'handshake (rates in handshakes/s; mcp+DELETE and fast mcp+DELETE: 5 trips, proxied: 4 ' +
      'trips, a new client address each, no DELETE, default caps; bare and raw node: 4 trips)',
    targets,
  );
  printPhaseTable(rowsOf(s, groups));
  for (const a of ctx.servers.adapters) {
    const bare = s(`${a.adapter} bare 4 trips`);
    const { sessions, refused } = await a.proxiedStats();
    const refusals = Object.entries(refused).filter(([, n]) => n > 0);
    console.log(
      `${a.adapter} proxied: ${refusals.length === 0 ? 'no refusals' : `refused ${JSON.stringify(Object.fromEntries(refusals))}`}, ` +
        `${sessions} sessions live at the end (idle ones end after ${process.env.BENCH_PROXY_IDLE_MS ?? 1000} ms)`,
    );
    ctx.checks.push(
      throughput(
        `handshake + DELETE / bare 4 trips, ${a.adapter}`,
        s(`${a.adapter} mcp+DELETE`),
        bare,
        GOALS.handshake,
        'handshakes/s',
      ),
      throughput(
        `fast path handshake + DELETE / raw node 4 trips, ${a.adapter}`,
        s(`${a.adapter} fast mcp+DELETE`),
        s(RAW),
        GOALS.handshake,
        'handshakes/s',
      ),
      throughput(
        `handshake behind a proxy, no DELETE / bare 4 trips, ${a.adapter}`,
        s(`${a.adapter} mcp proxied`),
        bare,
        GOALS.proxiedHandshake,
        'handshakes/s',
      ),
    );
    pairUp(ctx, s, [{ arm: `handshake + DELETE, ${a.adapter}`, name: `${a.adapter} mcp+DELETE` }]);
  }
}

/** p99 latency of `tools/call` (2025 session) at `connections` per adapter vs its bare route. */
export async function p99Phase(ctx: PhaseContext, connections: number): Promise<void> {
  const targets: LoadTarget[] = [];
  const groups: { names: string[]; bare: string }[] = [];
  for (const a of ctx.servers.adapters) {
    const arms: LoadTarget[] = [
      {
        name: `${a.adapter} mcp`,
        url: a.mcp.app.url,
        headers: a.mcp.sessionHeaders,
        connections,
        ...ownProcess(a.mcp.app),
      },
      ...(a.before
        ? [
            {
              name: beforeName(ctx, `${a.adapter} mcp`),
              url: a.before.app.url,
              headers: a.before.sessionHeaders,
              connections,
              ...ownProcess(a.before.app),
            },
          ]
        : []),
    ];
    const bare = `${a.adapter} bare`;
    targets.push(...arms, {
      name: bare,
      url: a.bare.url,
      headers: { ...BASE_HEADERS },
      connections,
      ...ownProcess(a.bare),
    });
    groups.push({ names: arms.map((t) => t.name), bare });
  }
  targets.push(rawTarget(ctx, { connections }));
  const s = await run(ctx, `tools/call at ${connections} connections`, targets);
  printPhaseTable(rowsOf(s, groups));
  for (const a of ctx.servers.adapters) {
    const ours = s(`${a.adapter} mcp`);
    const bare = s(`${a.adapter} bare`);
    ctx.checks.push(
      p99(`p99 tools/call @${connections} conns, mcp / bare, ${a.adapter}`, ours, bare),
    );
    pairUp(ctx, s, [
      { arm: `tools/call @${connections} conns, ${a.adapter}`, name: `${a.adapter} mcp` },
    ]);
  }
}

/** `tools/list` of `count` realistic tools vs 5 of them (Express). */
export async function listPhase(ctx: PhaseContext, count: number): Promise<void> {
  const lists = ctx.servers.lists!;
  const arm = (name: string, target: McpTarget): LoadTarget => ({
    name,
    url: target.app.url,
    headers: target.sessionHeaders,
    workload: 'list',
    ...ownProcess(target.app),
  });
  const targets = [arm(`list-${count}`, lists.many), arm('list-5', lists.few)];
  if (lists.before) {
    targets.push(
      arm(beforeName(ctx, `list-${count}`), lists.before.many),
      arm(beforeName(ctx, 'list-5'), lists.before.few),
    );
  }
  const s = await run(ctx, 'tools/list (Express)', targets);
  printPhaseTable(targets.map((t) => ({ summary: s(t.name) })));
  ctx.checks.push(
    throughput(
      `tools/list, ${count} tools / 5 tools`,
      s(`list-${count}`),
      s('list-5'),
      GOALS.list,
      'req/s',
    ),
  );
  pairUp(ctx, s, [
    { arm: `tools/list, ${count} tools`, name: `list-${count}` },
    { arm: 'tools/list, 5 tools', name: 'list-5' },
  ]);
}
