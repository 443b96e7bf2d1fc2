/**
 * The servers of `npm run bench`, each group in a process of its own (`bench/servers/`), so that
 * one group's garbage, JIT and async hooks never land in another's figures, nor this process's
 * load coordination in any: per selected adapter its controller apps in one process
 * (`servers/nest-apps.ts`: the MCP app, the same app trusting the loader as a proxy with default
 * session caps, the bare Nest route, and with `BENCH_BASELINE_REF` the MCP app built from that
 * commit's library, the "before" arm) and the MCP app on the fast path (module extra `fastPath`,
 * with `asyncContext: false`) in another; the raw `node:http` echo; the `tools/list` apps (this
 * checkout's and the baseline's) when that phase runs. Each arm's server CPU per request and
 * scavenges are read in its process (`/proc/<pid>/stat`, the memory probe over IPC).
 */
import { BENCH_ADAPTERS, type BenchAdapter } from './apps.js';
import { buildBaselineLibrary } from './baseline-library.js';
import { openMcpSession } from './mcp-session.js';
import { listEnv } from './options.js';
import type { StartedServer } from './raw-node-echo.js';
import type { AppsReply, AppsRequest, NestAppSpec } from './servers/nest-apps.js';
import { startServerProcess, type ServerProcess } from './servers/server-process.js';
import type { YoungGcReading } from './servers/young-gc.js';
import { smokeTest } from './smoke.js';
import { BASE_HEADERS, MODERN_HEADERS } from './workload.js';

/** A server of the run; `pid`: the process it runs in (its CPU and GC are read there). */
export interface BenchServer extends StartedServer {
  pid?: number;
  /** Starts reading its process's scavenges (see `ServerProcess.youngGcWindow`). */
  youngGcWindow?(): Promise<() => Promise<YoungGcReading>>;
}

/** An MCP app with the headers of the session its `tools/call` runs use. */
export interface McpTarget {
  app: BenchServer;
  sessionHeaders: Record<string, string>;
}

/** The OpenTelemetry arm of a controller process (`bench/otel-arm.ts`, built there on first use). */
export interface OtelSwitch {
  /** Subscribes the bridge with sampling on or off; `none`: neither. */
  use(mode: 'on' | 'off' | 'none'): Promise<void>;
  /** Spans exported so far (sampling on). */
  exportedSpans(): Promise<number>;
}

/** The servers of one adapter. */
export interface AdapterServers {
  adapter: BenchAdapter;
  mcp: McpTarget;
  /** The MCP app trusting the loader as a proxy, default caps, short idle timeout. */
  proxied: BenchServer;
  bare: BenchServer;
  /** The MCP app with the module extra `fastPath` (the endpoint in front of the router). */
  fast: McpTarget;
  /** The MCP app of the baseline commit (`BENCH_BASELINE_REF`). */
  before?: McpTarget;
  /** The proxied app's live sessions and refusals (`McpServer.stats()`, asked in its process). */
  proxiedStats(): Promise<NonNullable<AppsReply['stats']>>;
  /** The OpenTelemetry arm of the controller apps' process. */
  otel: OtelSwitch;
}

/** Every server of the run. */
export interface BenchServers {
  adapters: AdapterServers[];
  raw: BenchServer;
  /** The baseline commit's short hash, when `BENCH_BASELINE_REF` is set. */
  baselineLabel?: string;
  /** `tools/list` apps (`count` realistic tools, then 5), when asked; the baseline's after them. */
  lists?: { many: McpTarget; few: McpTarget; before?: { many: McpTarget; few: McpTarget } };
  close(): Promise<void>;
}

/** The adapters named in `BENCH_ADAPTERS` (comma-separated), or both. */
export function selectedAdapters(): BenchAdapter[] {
  return listEnv('BENCH_ADAPTERS', BENCH_ADAPTERS, 'adapter');
}

/** Opens a session on an MCP app and checks both eras answer the echo call. */
async function mcpTarget(app: BenchServer): Promise<McpTarget> {
  const sessionHeaders = await openMcpSession(app.url);
  await smokeTest(app.url, sessionHeaders);
  await smokeTest(app.url, { ...BASE_HEADERS, ...MODERN_HEADERS }, true);
  return { app, sessionHeaders };
}

/** A server of a process: its URL, the process's id and scavenges; the process closes it. */
function inProcess(server: ServerProcess, url: string): BenchServer {
  return {
    url,
    pid: server.pid,
    youngGcWindow: () => server.youngGcWindow(),
    close: () => Promise.resolve(),
  };
}

/** Nest apps in one process (`servers/nest-apps.ts`); `app(name, path)` is one of them. */
async function startNestApps(name: string, specs: NestAppSpec[]) {
  const server = await startServerProcess({
    name,
    kind: 'nest-apps',
    entryArgs: [JSON.stringify(specs)],
    path: '/mcp',
  });
  const ask = (request: AppsRequest) => server.request<AppsReply>(request);
  try {
    const { ports } = await ask({ op: 'apps' });
    const app = (app: string, path: string) =>
      inProcess(server, `http://127.0.0.1:${ports![app]}${path}`);
    return { server, ask, app };
  } catch (error) {
    await server.close();
    throw error;
  }
}

/**
 * Starts every server of the run, smoke-testing each (a broken target fails before it is loaded).
 * `listTools`: the size of the big `tools/list` app, or undefined to skip those apps.
 */
export async function startBenchServers(
  adapters: BenchAdapter[],
  listTools: number | undefined,
): Promise<BenchServers> {
  const processes: ServerProcess[] = [];
  const track = <T extends { server: ServerProcess }>(started: T): T => {
    processes.push(started.server);
    return started;
  };
  const close = async () => {
    await Promise.all(processes.map((p) => p.close()));
  };
  try {
    const ref = process.env.BENCH_BASELINE_REF;
    const baseline = ref ? buildBaselineLibrary(ref) : undefined;
    const servers: AdapterServers[] = [];
    for (const adapter of adapters) {
      const nest = track(
        await startNestApps(`${adapter} controllers`, [
          { name: 'mcp', app: 'mcp', adapter },
          { name: 'proxied', app: 'mcp', adapter, behindProxy: true },
          { name: 'bare', app: 'bare', adapter },
          ...(baseline
            ? [{ name: 'before', app: 'mcp' as const, adapter, library: baseline.entry }]
            : []),
        ]),
      );
      const bare = nest.app('bare', '/rpc');
      await smokeTest(bare.url, { ...BASE_HEADERS });
      const fast = await startServerProcess({
        name: adapter === 'express' ? 'nestjs-mcp-fast' : 'nestjs-mcp-fast-fastify',
        path: '/mcp',
      });
      processes.push(fast);
      servers.push({
        adapter,
        mcp: await mcpTarget(nest.app('mcp', '/mcp')),
        fast: await mcpTarget(inProcess(fast, fast.url)),
        proxied: nest.app('proxied', '/mcp'),
        bare,
        ...(baseline ? { before: await mcpTarget(nest.app('before', '/mcp')) } : {}),
        proxiedStats: async () => (await nest.ask({ op: 'stats', app: 'proxied' })).stats!,
        otel: {
          use: async (mode) => void (await nest.ask({ op: 'otel', mode })),
          exportedSpans: async () => (await nest.ask({ op: 'otel-spans' })).spans!,
        },
      });
    }
    const raw = await startServerProcess({ name: 'raw-node', path: '/rpc' });
    processes.push(raw);
    await smokeTest(raw.url, { ...BASE_HEADERS });
    const lists = listTools === undefined ? undefined : await startListApps(listTools, baseline);
    if (lists) processes.push(lists.server);
    return {
      adapters: servers,
      raw: inProcess(raw, raw.url),
      ...(baseline ? { baselineLabel: baseline.label } : {}),
      ...(lists ? { lists: lists.targets } : {}),
      close,
    };
  } catch (error) {
    await close();
    throw error;
  }
}

/** The `tools/list` apps on Express in one process: `count` tools and 5, the baseline's too. */
async function startListApps(count: number, baseline: { entry: string } | undefined) {
  const spec = (name: string, tools: number, library?: string): NestAppSpec => ({
    name,
    app: 'list',
    adapter: 'express',
    tools,
    ...(library ? { library } : {}),
  });
  const { server, app } = await startNestApps('tools/list apps', [
    spec('many', count),
    spec('few', 5),
    ...(baseline
      ? [spec('before-many', count, baseline.entry), spec('before-few', 5, baseline.entry)]
      : []),
  ]);
  const target = async (name: string): Promise<McpTarget> => {
    const started = app(name, '/mcp');
    return { app: started, sessionHeaders: await openMcpSession(started.url) };
  };
  try {
    return {
      server,
      targets: {
        many: await target('many'),
        few: await target('few'),
        ...(baseline
          ? { before: { many: await target('before-many'), few: await target('before-few') } }
          : {}),
      },
    };
  } catch (error) {
    await server.close();
    throw error;
  }
}
