/**
 * The servers of `npm run bench`: on this thread, per selected adapter, the MCP app, the same app
 * trusting the loader as a proxy (default session caps) and the bare Nest route; with
 * `BENCH_BASELINE_REF`, the MCP app built from that commit's library on each adapter (the
 * "before" arms); the `tools/list` apps when that phase runs. Each in its own process (as such
 * an app runs): per adapter the MCP app on the fast path (module extra `fastPath`, with
 * `asyncContext: false`), and the raw `node:http` echo. In this process the controller apps'
 * context storage would turn Node's async hooks on for them too (Node 20 and 22).
 */
import {
  BENCH_ADAPTERS,
  startBareApp,
  startMcpApp,
  startToolListApp,
  type BenchAdapter,
  type StartedApp,
} from './apps.js';
import { loadBaselineLibrary } from './baseline-library.js';
import { openMcpSession } from './mcp-session.js';
import type { StartedServer } from './raw-node-echo.js';
import { startServerProcess } from './servers/server-process.js';
import type { YoungGcReading } from './servers/young-gc.js';
import { smokeTest } from './smoke.js';
import { BASE_HEADERS, MODERN_HEADERS } from './workload.js';

/** A server of the run; `pid` when it runs in its own process (its CPU and GC are read there). */
export interface BenchServer extends StartedServer {
  pid?: number;
  /** In its own process: starts reading its scavenges (see `ServerProcess.youngGcWindow`). */
  youngGcWindow?(): Promise<() => Promise<YoungGcReading>>;
}

/** An MCP app with the headers of the session its `tools/call` runs use. */
export interface McpTarget {
  app: BenchServer;
  sessionHeaders: Record<string, string>;
}

/** The servers of one adapter. */
export interface AdapterServers {
  adapter: BenchAdapter;
  mcp: McpTarget;
  /** The MCP app trusting the loader as a proxy, default caps, short idle timeout. */
  proxied: StartedApp;
  bare: StartedApp;
  /** The MCP app with the module extra `fastPath` (the endpoint in front of the router). */
  fast: McpTarget;
  /** The MCP app of the baseline commit (`BENCH_BASELINE_REF`). */
  before?: McpTarget;
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
  const raw = process.env.BENCH_ADAPTERS;
  if (!raw) return [...BENCH_ADAPTERS];
  const names = raw.split(',').map((s) => s.trim());
  for (const name of names) {
    if (!(BENCH_ADAPTERS as readonly string[]).includes(name)) {
      throw new Error(`BENCH_ADAPTERS: unknown adapter "${name}" (${BENCH_ADAPTERS.join(', ')})`);
    }
  }
  return names as BenchAdapter[];
}

/** Opens a session on an MCP app and checks both eras answer the echo call. */
async function mcpTarget(app: BenchServer): Promise<McpTarget> {
  const sessionHeaders = await openMcpSession(app.url);
  await smokeTest(app.url, sessionHeaders);
  await smokeTest(app.url, { ...BASE_HEADERS, ...MODERN_HEADERS }, true);
  return { app, sessionHeaders };
}

/**
 * Starts every server of the run, smoke-testing each (a broken target fails before it is loaded).
 * `listTools`: the size of the big `tools/list` app, or undefined to skip those apps.
 */
export async function startBenchServers(
  adapters: BenchAdapter[],
  listTools: number | undefined,
): Promise<BenchServers> {
  const closers: (() => Promise<void>)[] = [];
  const track = <T extends StartedServer>(server: T): T => {
    closers.push(() => server.close());
    return server;
  };
  const close = async () => {
    await Promise.all(closers.map((c) => c()));
  };
  try {
    const ref = process.env.BENCH_BASELINE_REF;
    const baseline = ref ? await loadBaselineLibrary(ref) : undefined;
    const servers: AdapterServers[] = [];
    for (const adapter of adapters) {
      const bare = track(await startBareApp({ adapter }));
      await smokeTest(bare.url, { ...BASE_HEADERS });
      const proxied = track(await startMcpApp({ adapter, behindProxy: true }));
      servers.push({
        adapter,
        mcp: await mcpTarget(track(await startMcpApp({ adapter }))),
        fast: await mcpTarget(
          track(
            await startServerProcess({
              name: adapter === 'express' ? 'nestjs-mcp-fast' : 'nestjs-mcp-fast-fastify',
              path: '/mcp',
            }),
          ),
        ),
        proxied,
        bare,
        ...(baseline
          ? {
              before: await mcpTarget(
                track(await startMcpApp({ adapter, library: baseline.library })),
              ),
            }
          : {}),
      });
    }
    const raw = track(await startServerProcess({ name: 'raw-node', path: '/rpc' }));
    await smokeTest(raw.url, { ...BASE_HEADERS });
    const list = async (count: number, library = baseline?.library) => {
      const app = track(await startToolListApp(count, { adapter: 'express', library }));
      return { app, sessionHeaders: await openMcpSession(app.url) };
    };
    const lists =
      listTools === undefined
        ? undefined
        : {
            many: await list(listTools, undefined),
            few: await list(5, undefined),
            ...(baseline ? { before: { many: await list(listTools), few: await list(5) } } : {}),
          };
    return {
      adapters: servers,
      raw,
      ...(baseline ? { baselineLabel: baseline.label } : {}),
      ...(lists ? { lists } : {}),
      close,
    };
  } catch (error) {
    await close();
    throw error;
  }
}
