import 'reflect-metadata';
import { Injectable, type INestApplication } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  McpContext,
  McpMicroserviceServer,
  McpModule,
  McpServer,
  Tool,
  type McpMicroserviceOptions,
} from '../../../../lib/index.js';

const NAME_FORM = {
  type: 'object' as const,
  properties: { name: { type: 'string' as const } },
  required: ['name'],
};

const rootNames = (roots: Array<{ uri: string; name?: string }>) =>
  roots.map((r) => r.name ?? r.uri).join(', ');

/**
 * Tools that talk back to the client during a call, with the input keys the conformance
 * scenarios name: log messages at three levels, an elicitation, the client's roots, both at once;
 * and a tools list change announced with nothing changed.
 */
@Injectable()
class ForwardingTools {
  @Tool({ description: 'Logs three steps (debug, info, warning) while it runs' })
  chatty(_args: Record<string, never>, ctx: McpContext): string {
    ctx.log('debug', 'step 1', 'chatty');
    ctx.log('info', 'step 2', 'chatty');
    ctx.log('warning', 'step 3', 'chatty');
    return 'done';
  }

  @Tool({ description: 'Announces a tools list change (the list stays the same)' })
  announce(_args: Record<string, never>, ctx: McpContext): string {
    ctx.notifyListChanged('tools');
    return 'announced';
  }

  @Tool({ description: 'Asks for a name (input key user_name)' })
  async greet(_args: Record<string, never>, ctx: McpContext): Promise<string> {
    const answer = await ctx.elicit(
      { message: 'What is your name?', requestedSchema: NAME_FORM },
      { key: 'user_name' },
    );
    return `Hello, ${String(answer.content?.name ?? answer.action)}!`;
  }

  @Tool({ description: "Lists the client's roots (input key client_roots)" })
  async roots(_args: Record<string, never>, ctx: McpContext): Promise<string> {
    const { roots } = await ctx.listRoots({ key: 'client_roots' });
    return `roots: ${rootNames(roots)}`;
  }

  @Tool({ description: 'Asks for a name and the roots in one round' })
  async both(_args: Record<string, never>, ctx: McpContext): Promise<string> {
    const [name, roots] = await Promise.all([
      ctx.elicit(
        { message: 'What is your name?', requestedSchema: NAME_FORM },
        { key: 'user_name' },
      ),
      ctx.listRoots({ key: 'client_roots' }),
    ]);
    return `${String(name.content?.name)}; ${rootNames(roots.roots)}`;
  }
}

/** The service: its MCP server over a broker and over Streamable HTTP (both eras on both). */
export interface ForwardingService {
  app: INestApplication;
  /** Its Streamable HTTP endpoint. */
  url: URL;
  close(): Promise<void>;
}

/** Boots the service on `endpoint` (NATS or RabbitMQ) and on a free loopback HTTP port. */
export async function startForwardingService(
  endpoint: McpMicroserviceOptions,
): Promise<ForwardingService> {
  const moduleRef = await Test.createTestingModule({
    imports: [McpModule.forRoot({ name: 'forwarding-service', version: '1.0.0' })],
    providers: [ForwardingTools],
  }).compile();
  const app = moduleRef.createNestApplication({ logger: false });
  const strategy = new McpMicroserviceServer(app.get(McpServer), { keepAliveMs: 200, ...endpoint });
  app.connectMicroservice({ strategy }, { inheritAppConfig: true });
  await app.startAllMicroservices();
  await app.listen(0, '127.0.0.1');
  const { port } = (app.getHttpServer() as Server).address() as AddressInfo;
  return {
    app,
    url: new URL(`http://127.0.0.1:${port}/mcp`),
    close: async () => {
      (app.getHttpServer() as Server).closeAllConnections();
      await app.close();
    },
  };
}
