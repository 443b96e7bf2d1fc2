import type { McpAuthInfo } from './mcp-auth-info.interface.js';
import { audiencesOf, grantedScopes } from './granted-scopes.js';

/**
 * An {@link McpAuthInfo} from a JWT payload or an introspection response; `scopeClaims` names the
 * claims the granted scopes are read from (see {@link grantedScopes}).
 */
export function authInfoFromClaims(
  token: string,
  claims: Readonly<Record<string, unknown>>,
  scopeClaims?: readonly string[],
): McpAuthInfo {
  const clientId = claims.client_id ?? claims.azp;
  return {
    token,
    ...(typeof claims.sub === 'string' && { subject: claims.sub }),
    ...(typeof clientId === 'string' && { clientId }),
    scopes: grantedScopes(claims, scopeClaims),
    ...(typeof claims.exp === 'number' && { expiresAt: claims.exp }),
    audience: audiencesOf(claims),
    claims,
  };
}
