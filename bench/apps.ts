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
import type { AddressInfo } from 'node:net';
import { z } from 'zod';
import { McpModule, McpServer, Tool } from '../lib/index.js';
import { realisticTools } from './realistic-tools.js';

/** The echo tool's arguments, shared by both apps so they validate with the same zod schema. */
const echoShape = { text: z.string().describe('Text to echo') };
const echoArguments = z.object(echoShape);

const LOG_LEVELS: LogLevel[] = ['error', 'warn'];

/** The demo's `echo` tool (sample/01-demo), as the MCP app's only provider (also of `cluster-instance.ts`). */
@Injectable()
export class BenchTools {
  @Tool({
    description: 'Echoes the given text back',
    inputSchema: echoShape,
    annotations: { readOnlyHint: true },
  })
  echo({ text }: { text: string }) {
    return text;
  }
}

/**
 * The MCP module of every bench app: session caps raised so a handshake run (thousands of fresh
 * sessions per second, never closed) is not refused; `BENCH_SESSION_IDLE_MS` ends idle sessions
 * sooner than the 30-minute default.
 */
export function benchMcpModule(extra: { stateless?: boolean } = {}): DynamicModule {
  const idle = Number(process.env.BENCH_SESSION_IDLE_MS ?? 0);
  return McpModule.forRoot({
    name: 'nestjs-mcp-bench',
    version: '0.0.0',
    limits: { maxSessions: 10_000_000, maxSessionsPerAddress: 10_000_000 },
    ...(idle > 0 ? { sessionIdleTimeoutMs: idle } : {}),
    ...extra,
  });
}

@Module({ imports: [benchMcpModule()], providers: [BenchTools] })
class McpBenchModule {}

type JsonRpcId = string | number | null;

function rpcError(id: JsonRpcId, code: number, message: string) {
  return { jsonrpc: '2.0', id, error: { code, message } };
}

const BARE_INITIALIZE_RESULT = {
  protocolVersion: '2025-11-25',
  capabilities: { tools: {} },
  serverInfo: { name: 'bare-bench', version: '0.0.0' },
};
const BARE_TOOLS_LIST_RESULT = {
  tools: [
    {
      name: 'echo',
      description: 'Echoes the given text back',
      inputSchema: z.toJSONSchema(echoArguments),
      annotations: { readOnlyHint: true },
    },
  ],
};

/**
 * The same JSON work without MCP: read the parsed body, validate the arguments, answer. Also
 * answers the handshake's other three round trips (`initialize`, `notifications/initialized` with
 * 202, `tools/list`) with fixed results, so the handshake run has a bare equivalent.
 */
@Controller('rpc')
class BareEchoController {
  @Post()
  @HttpCode(200)
  call(@Body() body: unknown, @Res({ passthrough: true }) res: { status(code: number): unknown }) {
    const message = (typeof body === 'object' && body !== null ? body : {}) as Record<
      string,
      unknown
    >;
    const id = typeof message.id === 'string' || typeof message.id === 'number' ? message.id : null;
    if (message.method === 'initialize')
      return { jsonrpc: '2.0', id, result: BARE_INITIALIZE_RESULT };
    if (message.method === 'tools/list')
      return { jsonrpc: '2.0', id, result: BARE_TOOLS_LIST_RESULT };
    if (message.method === 'notifications/initialized') {
      res.status(202);
      return '';
    }
    const params = message.params as { name?: unknown; arguments?: unknown } | undefined;
    if (message.jsonrpc !== '2.0' || message.method !== 'tools/call' || params?.name !== 'echo') {
      return rpcError(id, -32600, 'Expected a tools/call of echo');
    }
    const parsed = echoArguments.safeParse(params.arguments ?? {});
    if (!parsed.success) return rpcError(id, -32602, parsed.error.message);
    return { jsonrpc: '2.0', id, result: { content: [{ type: 'text', text: parsed.data.text }] } };
  }
}

@Module({ controllers: [BareEchoController] })
class BareBenchModule {}

/** A started app and the URL autocannon loads. */
export interface StartedApp {
  app: INestApplication;
  url: string;
}

async function start(module: object, path: string): Promise<StartedApp> {
  const app = await NestFactory.create(module, { logger: LOG_LEVELS });
  await app.listen(0, '127.0.0.1');
  const { port } = app.getHttpServer().address() as AddressInfo;
  return { app, url: `http://127.0.0.1:${port}${path}` };
}

/** Boots the MCP server (stateful Streamable HTTP, default `responseMode: 'auto'`) on an ephemeral port. */
export function startMcpApp(): Promise<StartedApp> {
  return start(McpBenchModule, '/mcp');
}

/** Boots the bare NestJS app with its `POST /rpc` echo route on an ephemeral port. */
export function startBareApp(): Promise<StartedApp> {
  return start(BareBenchModule, '/rpc');
}

/** Registers `count` realistic tools on the server at start (the `tools/list` benchmark). */
function realisticToolsProvider(count: number) {
  @Injectable()
  class RealisticToolsRegistrar implements OnModuleInit {
    constructor(private readonly server: McpServer) {}

    onModuleInit(): void {
      for (const tool of realisticTools(count)) {
        this.server.registerTool(tool, () => 'ok');
      }
    }
  }
  return RealisticToolsRegistrar;
}

/** Boots an MCP server whose only tools are `count` realistic ones (no echo). */
export function startToolListApp(count: number): Promise<StartedApp> {
  @Module({ imports: [benchMcpModule()], providers: [realisticToolsProvider(count)] })
  class ToolListBenchModule {}
  return start(ToolListBenchModule, '/mcp');
}
