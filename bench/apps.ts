import 'reflect-metadata';
import {
  Body,
  Controller,
  HttpCode,
  Injectable,
  Module,
  Post,
  Res,
  type DynamicModule,
  type INestApplication,
  type LogLevel,
  type OnModuleInit,
} from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter } from '@nestjs/platform-fastify';
import type { AddressInfo } from 'node:net';
import { answerBareRpc, echoShape } from './bare-rpc.js';
import { CURRENT_LIBRARY, type BenchLibrary } from './bench-library.js';
import type { StartedServer } from './raw-node-echo.js';
import { realisticTools } from './realistic-tools.js';

const LOG_LEVELS: LogLevel[] = ['error', 'warn'];

/** The HTTP adapters the bench apps run on. */
export const BENCH_ADAPTERS = ['express', 'fastify'] as const;
/** One of {@link BENCH_ADAPTERS}. */
export type BenchAdapter = (typeof BENCH_ADAPTERS)[number];

/** How a bench app is built. */
export interface BenchAppOptions {
  /** The Nest HTTP adapter (`@nestjs/platform-express` or `@nestjs/platform-fastify`). */
  adapter: BenchAdapter;
  /**
   * Serve the MCP endpoint on the fast path (module extra `fastPath: true`, where the library has
   * it), in its fast configuration: also without the current-context storage (`asyncContext:
   * false`), unless `BENCH_ASYNC_CONTEXT` says otherwise.
   */
  fastPath?: boolean;
  /** The library the MCP app is built from (default: this checkout's `lib/`). */
  library?: BenchLibrary;
  /**
   * The app trusts the loader (127.0.0.1) as a reverse proxy (Express `trust proxy`, Fastify
   * `trustProxy`), so the client address is the request's `X-Forwarded-For`; the MCP app then keeps
   * the default session caps and ends idle sessions after `BENCH_PROXY_IDLE_MS` (default 1000 ms).
   */
  behindProxy?: boolean;
}

/** The demo's `echo` tool (sample/01-demo), decorated with `library`'s `@Tool`. */
function benchToolsOf(library: BenchLibrary) {
  @Injectable()
  class BenchTools {
    @library.Tool({
      description: 'Echoes the given text back',
      inputSchema: echoShape,
      annotations: { readOnlyHint: true },
    })
    echo({ text }: { text: string }) {
      return text;
    }
  }
  return BenchTools;
}

/** The MCP app's only provider (also of `cluster-instance.ts`), from this checkout's library. */
export const BenchTools = benchToolsOf(CURRENT_LIBRARY);

/**
 * The MCP module of every bench app: session caps raised so a handshake run (thousands of fresh
 * sessions per second from one address) is not refused; `BENCH_SESSION_IDLE_MS` ends idle
 * sessions sooner than the 30-minute default. `behindProxy`: the default caps instead, and idle
 * sessions end after `BENCH_PROXY_IDLE_MS` (the handshake run without DELETE leaves them open).
 */
export function benchMcpModule(
  extra: { stateless?: boolean } = {},
  options: Omit<BenchAppOptions, 'adapter'> = {},
): DynamicModule {
  const library = options.library ?? CURRENT_LIBRARY;
  const idle = Number(
    options.behindProxy
      ? (process.env.BENCH_PROXY_IDLE_MS ?? 1000)
      : (process.env.BENCH_SESSION_IDLE_MS ?? 0),
  );
  return library.McpModule.forRoot({
    name: 'nestjs-mcp-bench',
    version: '0.0.0',
    ...(options.behindProxy
      ? {}
      : { limits: { maxSessions: 10_000_000, maxSessionsPerAddress: 10_000_000 } }),
    ...(idle > 0 ? { sessionIdleTimeoutMs: idle } : {}),
    ...(options.fastPath ? { fastPath: true } : {}),
    ...(keepsAsyncContext(options) ? {} : { asyncContext: false }),
    ...extra,
  });
}

/**
 * Whether a bench app keeps the current-context storage (module option `asyncContext`): not on the
 * fast path, else yes; `BENCH_ASYNC_CONTEXT=0` or `1` sets it for every MCP app (for A/B runs).
 */
function keepsAsyncContext(options: Pick<BenchAppOptions, 'fastPath'>): boolean {
  const forced = process.env.BENCH_ASYNC_CONTEXT;
  if (forced === '0' || forced === '1') return forced === '1';
  return !options.fastPath;
}

/** The same JSON work without MCP (`bench/bare-rpc.ts`), as a Nest route on `POST /rpc`. */
@Controller('rpc')
class BareEchoController {
  @Post()
  @HttpCode(200)
  call(@Body() body: unknown, @Res({ passthrough: true }) res: { status(code: number): unknown }) {
    const answer = answerBareRpc(body);
    if (answer.status !== 200) res.status(answer.status);
    return answer.body;
  }
}

@Module({ controllers: [BareEchoController] })
class BareBenchModule {}

/** A started Nest app and the URL autocannon loads. */
export interface StartedApp extends StartedServer {
  app: INestApplication;
}

async function start(
  module: object,
  path: string,
  { adapter, behindProxy }: BenchAppOptions,
): Promise<StartedApp> {
  const app =
    adapter === 'fastify'
      ? await NestFactory.create(
          module,
          new FastifyAdapter(behindProxy ? { trustProxy: '127.0.0.1' } : {}),
          { logger: LOG_LEVELS },
        )
      : await NestFactory.create(module, { logger: LOG_LEVELS });
  if (behindProxy && adapter === 'express') {
    (app.getHttpAdapter().getInstance() as { set(key: string, value: unknown): void }).set(
      'trust proxy',
      'loopback',
    );
  }
  await app.listen(0, '127.0.0.1');
  const { port } = app.getHttpServer().address() as AddressInfo;
  return { app, url: `http://127.0.0.1:${port}${path}`, close: () => app.close() };
}

/**
 * Boots the MCP server (stateful Streamable HTTP, default `responseMode: 'auto'`, the echo tool)
 * on an ephemeral port, built from `options.library` on `options.adapter`.
 */
export function startMcpApp(
  options: BenchAppOptions = { adapter: 'express' },
): Promise<StartedApp> {
  @Module({
    imports: [benchMcpModule({}, options)],
    providers: [benchToolsOf(options.library ?? CURRENT_LIBRARY)],
  })
  class McpBenchModule {}
  return start(McpBenchModule, '/mcp', options);
}

/** Boots the bare NestJS app with its `POST /rpc` echo route on an ephemeral port. */
export function startBareApp(
  options: BenchAppOptions = { adapter: 'express' },
): Promise<StartedApp> {
  return start(BareBenchModule, '/rpc', options);
}

/** Registers `count` realistic tools on the server at start (the `tools/list` benchmark). */
function realisticToolsProvider(library: BenchLibrary, count: number) {
  @Injectable()
  class RealisticToolsRegistrar implements OnModuleInit {
    constructor(private readonly server: InstanceType<BenchLibrary['McpServer']>) {}

    onModuleInit(): void {
      for (const tool of realisticTools(count)) {
        this.server.registerTool(tool, () => 'ok');
      }
    }
  }
  // The constructor's parameter type is erased; name the token of the same library's McpServer.
  Reflect.defineMetadata('design:paramtypes', [library.McpServer], RealisticToolsRegistrar);
  return RealisticToolsRegistrar;
}

/** Boots an MCP server whose only tools are `count` realistic ones (no echo). */
export function startToolListApp(
  count: number,
  options: BenchAppOptions = { adapter: 'express' },
): Promise<StartedApp> {
  const library = options.library ?? CURRENT_LIBRARY;
  @Module({
    imports: [benchMcpModule({}, options)],
    providers: [realisticToolsProvider(library, count)],
  })
  class ToolListBenchModule {}
  return start(ToolListBenchModule, '/mcp', options);
}
