import type { McpAuthInfo } from './mcp-auth-info.interface.js';
import { audiencesOf, grantedScopes } from './granted-scopes.js';

/** An {@link McpAuthInfo} from a JWT payload or an introspection response. */
export function authInfoFromClaims(
  token: string,
  claims: Readonly<Record<string, unknown>>,
): McpAuthInfo {
  const clientId = claims.client_id ?? claims.azp;
  return {
    token,
    ...(typeof claims.sub === 'string' && { subject: claims.sub }),
    ...(typeof clientId === 'string' && { clientId }),
    scopes: grantedScopes(claims),
    ...(typeof claims.exp === 'number' && { expiresAt: claims.exp }),
    audience: audiencesOf(claims),
    claims,
  };
}
