import type { IncomingMessage } from 'node:http';
import type { McpServer } from '../../server/mcp-server.js';
import type {
  InMemoryAdmission,
  InMemoryRequest,
} from '../../transports/in-memory/in-memory-admission.js';
import { principalFromUser } from '../../transports/shared/http/principal.js';
import type { McpResourceServer } from '../auth/mcp-resource-server.js';
import { setAuth } from '../auth/request-auth.js';
import { testAuthInfo, type McpTestPrincipal } from './test-principal.js';

/**
 * What the module's HTTP endpoint would do to a test client's messages: with the `auth` option
 * (or the in-app authorization server) each request passes the resource server's
 * `authorizeRequests`, as the POST carrying it would (no principal and no valid `authorization`
 * header: refused as anonymous); `principal` is put on each request as the bearer guard puts a
 * verified token (`req.auth`, `req.user` unless the client's `user` is set), and binds the
 * session as `principal(req)` does over HTTP.
 * @param resourceServers every `McpResourceServer` of the app (one per `McpModule` import).
 */
export function testClientAdmission(
  resourceServers: readonly McpResourceServer[],
  server: McpServer,
  principal: McpTestPrincipal | null | undefined,
  user: unknown,
): InMemoryAdmission {
  const resourceServer = resourceServers.find((candidate) => candidate.protects(server));
  const admission: InMemoryAdmission = {};
  if (resourceServer?.enabled) admission.authorize = resourceServer.authorizeRequests;
  if (principal) {
    const info = testAuthInfo(principal, resourceServer?.resource);
    const prepare = (request: InMemoryRequest) => setAuth(request, info);
    const probe: InMemoryRequest = { headers: {}, ...(user !== undefined && { user }) };
    prepare(probe);
    const bound = principalFromUser(probe as unknown as IncomingMessage);
    admission.prepare = prepare;
    if (bound !== undefined) admission.principal = bound;
  }
  return admission;
}
