import type { INestApplicationContext } from '@nestjs/common';
import { McpClient } from '../../client/mcp-client.js';
import type { McpClientOptions } from '../../client/mcp-client-options.interface.js';
import { McpServer } from '../../server/mcp-server.js';
import {
  InMemoryClientTransport,
  type InMemoryClientOptions,
} from '../../transports/in-memory/in-memory-client.transport.js';
import { McpResourceServer } from '../auth/mcp-resource-server.js';
import { testClientAdmission } from './test-client-admission.js';
import type { McpTestPrincipal } from './test-principal.js';

/** Options of {@link createMcpTestClient}. */
export interface McpTestClientOptions extends InMemoryClientOptions {
  /**
   * The server to talk to, when the app has several (`McpModule.forRoot` imported more than once).
   * Default: the app's `McpServer`.
   */
  server?: McpServer;
  /** Options of the `McpClient` (handlers for sampling/elicitation, `versionNegotiation` ...). */
  client?: Omit<McpClientOptions, 'transport'>;
  /**
   * Who the client calls as: what a verified access token would say (`subject`, `scopes`,
   * `clientId`, `claims`). With the module's `auth` option (or `McpAuthorizationServerModule`)
   * every request is checked as over HTTP: the endpoint's `requiredScopes`, `@McpScopes()`,
   * `McpBearerGuard`, `hideDeniedFromLists`; guards and handlers read it with `authOf(req)`.
   * `null` or absent: anonymous, refused by a protected endpoint as an HTTP request without a
   * token is (unless `headers` carry an `authorization` the module's verifier accepts). A
   * refusal is the request's JSON-RPC error (the HTTP body's `-32600` and message), its `data`
   * holding the `status` and `headers` (`www-authenticate`) an HTTP client would get. Without `auth` on the module nothing is checked,
   * and a given principal is only put on the request.
   */
  auth?: McpTestPrincipal | null;
}

/** What {@link createMcpTestClient} needs of a Nest app or testing module. */
export type McpTestTarget = Pick<INestApplicationContext, 'get'> & { init?(): Promise<unknown> };

/**
 * A connected `McpClient` for tests of an app's tools, prompts and resources: in memory (no
 * sockets, no port), through the real Nest pipeline (guards, interceptors, pipes, filters) and,
 * when the module has the `auth` option, the same token and scope checks as its HTTP endpoint.
 * `auth` is the principal the client calls as; `headers` and `user` make up the request guards
 * see through `switchToHttp().getRequest()`, so guarded tools are testable as a given caller.
 * Initializes the app or testing module first (discovery runs on module init). Close the client
 * when done.
 * @throws McpError at connect when the module's endpoint refuses the client (`-32600` with
 *   `data.status` 401 or 403, as {@link McpTestClientOptions.auth} says).
 * @example
 * ```ts
 * const moduleRef = await Test.createTestingModule({ imports: [AppModule] }).compile();
 * const client = await createMcpTestClient(moduleRef, { auth: { subject: 'ada', scopes: ['notes:read'] } });
 * await client.callTool('list_notes', {});
 * ```
 */
export async function createMcpTestClient(
  app: McpTestTarget,
  options: McpTestClientOptions = {},
): Promise<McpClient> {
  await app.init?.();
  const server = options.server ?? app.get(McpServer, { strict: false });
  if (!server) throw new Error('createMcpTestClient: the app has no McpServer (import McpModule)');
  const admission = testClientAdmission(resourceServersOf(app), server, options.auth, options.user);
  const transport = new InMemoryClientTransport(
    server.core,
    {
      ...(options.headers !== undefined && { headers: options.headers }),
      ...(options.user !== undefined && { user: options.user }),
    },
    admission,
  );
  const client = new McpClient({
    clientInfo: { name: 'nestjs-mcp-test-client', version: '1.0.0' },
    ...options.client,
    transport,
  });
  await client.connect();
  return client;
}

/** Every `McpResourceServer` of the app (one per `McpModule` import), or none. */
function resourceServersOf(app: McpTestTarget): McpResourceServer[] {
  try {
    return app.get(McpResourceServer, { strict: false, each: true });
  } catch {
    return []; // a target that is not a Nest container
  }
}
