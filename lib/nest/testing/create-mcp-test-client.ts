import type { INestApplicationContext } from '@nestjs/common';
import { McpClient } from '../../client/mcp-client.js';
import type { McpClientOptions } from '../../client/mcp-client-options.interface.js';
import { McpServer } from '../../server/mcp-server.js';
import {
  InMemoryClientTransport,
  type InMemoryClientOptions,
} from '../../transports/in-memory/in-memory-client.transport.js';

/** Options of {@link createMcpTestClient}. */
export interface McpTestClientOptions extends InMemoryClientOptions {
  /**
   * The server to talk to, when the app has several (`McpModule.forRoot` imported more than once).
   * Default: the app's `McpServer`.
   */
  server?: McpServer;
  /** Options of the `McpClient` (handlers for sampling/elicitation, `versionNegotiation` ...). */
  client?: Omit<McpClientOptions, 'transport'>;
}

/** What {@link createMcpTestClient} needs of a Nest app or testing module. */
export type McpTestTarget = Pick<INestApplicationContext, 'get'> & { init?(): Promise<unknown> };

/**
 * A connected `McpClient` for tests of an app's tools, prompts and resources: in memory (no
 * sockets, no port), through the real Nest pipeline (guards, interceptors, pipes, filters).
 * `headers` and `user` make up the request guards see through `switchToHttp().getRequest()`,
 * so guarded tools are testable as a given caller. Initializes the app or testing module first
 * (discovery runs on module init). Close the client when done.
 * @example
 * ```ts
 * const moduleRef = await Test.createTestingModule({ imports: [AppModule] }).compile();
 * const client = await createMcpTestClient(moduleRef, { headers: { 'x-api-key': 'k' } });
 * await client.callTool('add', { a: 1, b: 2 });
 * ```
 */
export async function createMcpTestClient(
  app: McpTestTarget,
  options: McpTestClientOptions = {},
): Promise<McpClient> {
  await app.init?.();
  const server = options.server ?? app.get(McpServer, { strict: false });
  if (!server) throw new Error('createMcpTestClient: the app has no McpServer (import McpModule)');
  const transport = new InMemoryClientTransport(server.core, {
    ...(options.headers !== undefined && { headers: options.headers }),
    ...(options.user !== undefined && { user: options.user }),
  });
  const client = new McpClient({
    clientInfo: { name: 'nestjs-mcp-test-client', version: '1.0.0' },
    ...options.client,
    transport,
  });
  await client.connect();
  return client;
}
