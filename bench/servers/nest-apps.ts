/**
 * Several Nest apps in one bench server process (`server-entry.js nest-apps '<specs JSON>'`):
 * `npm run bench` runs each adapter's controller apps (the MCP app, the same app behind a proxy,
 * the bare route, the baseline commit's MCP app) in a process of their own, so that one adapter's
 * garbage and JIT never land in another's figures, nor the load generator's coordination in
 * either; the `tools/list` apps likewise. Beside the memory probe, the process answers over its IPC
 * channel ({@link AppsRequest}): the port of each app, the session counts and refusals of an MCP
 * app, and the OpenTelemetry arm (`bench/otel-arm.ts`, built on first use in this process).
 */
import type { BenchAdapter, StartedApp } from '../apps.js';
import type { OtelArm } from '../otel-arm.js';

/** One app of the process. */
export interface NestAppSpec {
  /** The name the parent asks for its port by. */
  name: string;
  /** The MCP app, the bare Nest route, or an MCP app whose tools are `tools` realistic ones. */
  app: 'mcp' | 'bare' | 'list';
  adapter: BenchAdapter;
  /** The MCP app trusts the loader as a proxy (see `BenchAppOptions.behindProxy`). */
  behindProxy?: boolean;
  /** The path of another library's `index.js` (a baseline commit's build) the app is built from. */
  library?: string;
  /** The `list` app's number of realistic tools. */
  tools?: number;
}

/** A question to a Nest apps process (the memory probe's are answered by the probe). */
export type AppsRequest =
  | { op: 'apps' }
  | { op: 'stats'; app: string }
  | { op: 'otel'; mode: 'on' | 'off' | 'none' }
  | { op: 'otel-spans' };

/** The answer to an {@link AppsRequest}. */
export interface AppsReply {
  /** Each app's port, by name. */
  ports?: Record<string, number>;
  /** An MCP app's live sessions and refusals (`McpServer.stats()`). */
  stats?: { sessions: number; refused: Record<string, number> };
  /** Spans the OpenTelemetry arm exported so far (sampling on). */
  spans?: number;
  error?: string;
}

const APPS_OPS = new Set<string>(['apps', 'stats', 'otel', 'otel-spans']);

/**
 * Starts the apps of `specs` one after another, then answers {@link AppsRequest}s on the IPC
 * channel. Resolves with the first app's port (the process's `READY` line).
 */
export async function startNestApps(specs: readonly NestAppSpec[]): Promise<number> {
  const { startBareApp, startMcpApp, startToolListApp } = await import('../apps.js');
  const { importLibrary } = await import('../baseline-library.js');
  const { CURRENT_LIBRARY } = await import('../bench-library.js');
  const apps = new Map<string, StartedApp>();
  const ports: Record<string, number> = {};
  for (const spec of specs) {
    const options = {
      adapter: spec.adapter,
      ...(spec.library ? { library: await importLibrary(spec.library) } : {}),
      ...(spec.behindProxy ? { behindProxy: true } : {}),
    };
    const started =
      spec.app === 'bare'
        ? await startBareApp(options)
        : spec.app === 'list'
          ? await startToolListApp(spec.tools ?? 5, options)
          : await startMcpApp(options);
    apps.set(spec.name, started);
    ports[spec.name] = Number(new URL(started.url).port);
  }
  let otel: Promise<OtelArm> | undefined;
  const otelArm = () => (otel ??= import('../otel-arm.js').then((m) => m.createOtelArm()));
  const answer = async (request: AppsRequest): Promise<AppsReply> => {
    switch (request.op) {
      case 'apps':
        return { ports };
      case 'stats': {
        const app = apps.get(request.app);
        if (!app) throw new Error(`no app "${request.app}"`);
        return { stats: app.app.get(CURRENT_LIBRARY.McpServer).stats() };
      }
      case 'otel':
        (await otelArm()).use(request.mode);
        return {};
      case 'otel-spans':
        return { spans: otel ? (await otel).exportedSpans : 0 };
    }
  };
  process.on('message', (request: AppsRequest) => {
    if (!APPS_OPS.has(request.op)) return;
    answer(request).then(
      (reply) => process.send!(reply),
      (error: unknown) => process.send!({ error: String(error) } satisfies AppsReply),
    );
  });
  const close = () =>
    void Promise.all([...apps.values()].map((a) => a.close())).then(() => process.exit(0));
  process.once('SIGTERM', close);
  return ports[specs[0].name];
}
