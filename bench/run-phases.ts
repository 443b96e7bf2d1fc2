/**
 * The load phases of `npm run bench` (`bench/run.ts`): each interleaves its arms
 * (`bench/interleaved-runs.ts`), prints its table (ratios to the bare route of the same adapter
 * and to the raw `node:http` echo), and adds its targets and, with a baseline commit, its
 * before/after pairs.
 */
import { CURRENT_LIBRARY } from './bench-library.js';
import type { BeforeAfterPair } from './before-after.js';
import type { AdapterServers, BenchServer, BenchServers, McpTarget } from './bench-servers.js';
import { runInterleaved, type InterleavedResult, type LoadTarget } from './interleaved-runs.js';
import type { BenchOptions } from './options.js';
import { createOtelArm } from './otel-arm.js';
import { printPhaseTable, type PhaseRow, type TargetSummary } from './report.js';
import type { TargetCheck } from './targets.js';
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

/** A throughput ratio check of two summaries (higher is better). */
function throughput(
  name: string,
  ours: TargetSummary,
  base: TargetSummary,
  goal: number,
  unit: string,
): TargetCheck {
  return {
    name,
    ratio: ours.rps / base.rps,
    goal,
    kind: 'min',
    detail: `${ours.rps.toFixed(0)} vs ${base.rps.toFixed(0)} ${unit}`,
  };
}

/**
 * The most of its young bytes a server's scavenges may keep: a request's objects die young.
 * Held on the arms whose whole request path is ours (the fast path, the Fastify controller);
 * Express 5 keeps 20-40 % by itself on Node 20 and 22 (it resets the prototype of every request
 * and response). Those arms keep 0.0-1.5 % from run to run, as does Node itself (the raw echo:
 * 0.2-0.8 % here, up to 2.9 % at one connection), and a request kept alive whole, the fault this
 * catches, kept 20-27 %: the line sits between.
 */
const YOUNG_GC_KEPT_GOAL = 0.03;

/** A check that a target's scavenges kept at most {@link YOUNG_GC_KEPT_GOAL} of young bytes. */
function youngGcKept(name: string, summary: TargetSummary): TargetCheck {
  return {
    name,
    ratio: summary.youngGcKept,
    goal: YOUNG_GC_KEPT_GOAL,
    kind: 'max',
    unit: '%',
    detail: 'of the young bytes each scavenge found',
  };
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
 * (`mcp2026`), both on the fast path (`fast mcp`, `fast mcp2026`: goal 0.5× the raw echo) and the
 * bare route; the raw echo. With `BENCH_OTEL` (default 1) the first adapter's
 * 2025 calls with the OpenTelemetry SDK subscribed, sampling off and on (`bench/otel-arm.ts`).
 */
export async function callPhase(ctx: PhaseContext): Promise<void> {
  const otel = process.env.BENCH_OTEL !== '0' ? await createOtelArm() : undefined;
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
      });
      groups.push({ names: arms.map((t) => t.name), bare });
    }
    targets.push(rawTarget(ctx, { before: plain }));
    const s = await run(ctx, 'tools/call', targets);
    printPhaseTable(rowsOf(s, groups));
    for (const a of ctx.servers.adapters) {
      const bare = s(`${a.adapter} bare`);
      ctx.checks.push(
        throughput(
          `tools/call, 2025 session / bare, ${a.adapter}`,
          s(`${a.adapter} mcp`),
          bare,
          1,
          'req/s',
        ),
        throughput(
          `tools/call, 2026-07-28 stateless / bare, ${a.adapter}`,
          s(`${a.adapter} mcp2026`),
          bare,
          1,
          'req/s',
        ),
      );
      const raw = s(RAW);
      ctx.checks.push(
        throughput(
          `fast path tools/call, 2025 session / raw node, ${a.adapter}`,
          s(`${a.adapter} fast mcp`),
          raw,
          0.5,
          'req/s',
        ),
        throughput(
          `fast path tools/call, 2026-07-28 stateless / raw node, ${a.adapter}`,
          s(`${a.adapter} fast mcp2026`),
          raw,
          0.5,
          'req/s',
        ),
      );
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
    if (otel) console.log(`spans exported (sampling on): ${otel.exportedSpans}`);
  } finally {
    await otel?.shutdown();
  }
}

/** Sessions and refusals of an MCP app built from this checkout's library. */
function stats(a: AdapterServers) {
  return a.proxied.app.get(CURRENT_LIBRARY.McpServer).stats();
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
      },
      ...(a.before
        ? [
            {
              name: beforeName(ctx, `${a.adapter} mcp+DELETE`),
              url: a.before.app.url,
              headers,
              workload: 'handshake-delete' as const,
            },
          ]
        : []),
      {
        name: `${a.adapter} mcp proxied`,
        url: a.proxied.url,
        headers,
        workload: 'handshake',
        forwardedFor: true,
      },
    ];
    const bare = `${a.adapter} bare 4 trips`;
    targets.push(...arms, { name: bare, url: a.bare.url, headers, workload: 'handshake' });
    groups.push({ names: arms.map((t) => t.name), bare });
  }
  targets.push(rawTarget(ctx, { workload: 'handshake' }));
  const s = await run(
    ctx,
    'handshake (rates in handshakes/s; mcp+DELETE: 5 trips, proxied: 4 trips, a new client ' +
      'address each, no DELETE, default caps; bare and raw node: 4 trips)',
    targets,
  );
  printPhaseTable(rowsOf(s, groups));
  for (const a of ctx.servers.adapters) {
    const bare = s(`${a.adapter} bare 4 trips`);
    const { sessions, refused } = stats(a);
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
        1,
        'handshakes/s',
      ),
      throughput(
        `handshake behind a proxy, no DELETE / bare 4 trips, ${a.adapter}`,
        s(`${a.adapter} mcp proxied`),
        bare,
        1,
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
      { name: `${a.adapter} mcp`, url: a.mcp.app.url, headers: a.mcp.sessionHeaders, connections },
      ...(a.before
        ? [
            {
              name: beforeName(ctx, `${a.adapter} mcp`),
              url: a.before.app.url,
              headers: a.before.sessionHeaders,
              connections,
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
    });
    groups.push({ names: arms.map((t) => t.name), bare });
  }
  targets.push(rawTarget(ctx, { connections }));
  const s = await run(ctx, `tools/call at ${connections} connections`, targets);
  printPhaseTable(rowsOf(s, groups));
  for (const a of ctx.servers.adapters) {
    const ours = s(`${a.adapter} mcp`);
    const bare = s(`${a.adapter} bare`);
    ctx.checks.push({
      name: `p99 tools/call @${connections} conns, mcp / bare, ${a.adapter}`,
      ratio: ours.p99Ms / bare.p99Ms,
      goal: 1,
      kind: 'max',
      detail: `${ours.p99Ms.toFixed(2)} vs ${bare.p99Ms.toFixed(2)} ms`,
    });
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
      0.8,
      'req/s',
    ),
  );
  pairUp(ctx, s, [
    { arm: `tools/list, ${count} tools`, name: `list-${count}` },
    { arm: 'tools/list, 5 tools', name: 'list-5' },
  ]);
}
