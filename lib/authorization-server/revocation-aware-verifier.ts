import { AuthorizationServerUnavailableError } from '../errors/authorization-server-unavailable.error.js';
import { InvalidTokenError } from '../errors/invalid-token.error.js';
import type { McpAccessTokenVerifier } from '../server/auth/access-token-verifier.interface.js';
import type { McpAuthInfo } from '../server/auth/mcp-auth-info.interface.js';
import { GRANT_ID_CLAIM, type GrantRevocations } from './grant-revocations.js';

/**
 * The resource server's check of this authorization server's tokens: the JWT checks of `jwt`,
 * then the revocation list: a token whose grant was revoked (reused refresh token, replayed
 * code, RFC 7009 revocation of any of its tokens, on any instance) is refused with
 * `invalid_token`. One store read per request (a Redis `MGET` on the Redis store); a store that
 * cannot be read answers 503, never a pass.
 */
export class RevocationAwareVerifier implements McpAccessTokenVerifier {
  constructor(
    private readonly jwt: McpAccessTokenVerifier,
    private readonly revocations: GrantRevocations,
  ) {}

  async verify(token: string): Promise<McpAuthInfo> {
    const info = await this.jwt.verify(token);
    const grantId = info.claims[GRANT_ID_CLAIM];
    if (typeof grantId !== 'string') return info;
    let revoked: boolean;
    try {
      revoked = await this.revocations.isRevoked(grantId);
    } catch (error) {
      throw new AuthorizationServerUnavailableError(
        'The revocation list of the authorization store could not be read',
        { cause: error },
      );
    }
    if (revoked) throw new InvalidTokenError('The access token has been revoked');
    return info;
  }
}
