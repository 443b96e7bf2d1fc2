import 'reflect-metadata';
import {
  Body,
  Controller,
  HttpCode,
  Injectable,
  Module,
  Post,
  type INestApplication,
  type LogLevel,
} from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { AddressInfo } from 'node:net';
import { z } from 'zod';
import { McpModule, Tool } from '../lib/index.js';

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

@Module({
  imports: [McpModule.forRoot({ name: 'nestjs-mcp-bench', version: '0.0.0' })],
  providers: [BenchTools],
})
class McpBenchModule {}

type JsonRpcId = string | number | null;

function rpcError(id: JsonRpcId, code: number, message: string) {
  return { jsonrpc: '2.0', id, error: { code, message } };
}

/** The same JSON work without MCP: read the parsed body, validate the arguments, answer. */
@Controller('rpc')
class BareEchoController {
  @Post()
  @HttpCode(200)
  call(@Body() body: unknown) {
    const message = (typeof body === 'object' && body !== null ? body : {}) as Record<
      string,
      unknown
    >;
    const id = typeof message.id === 'string' || typeof message.id === 'number' ? message.id : null;
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
