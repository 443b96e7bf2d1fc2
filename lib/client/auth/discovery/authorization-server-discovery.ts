import { McpAuthError } from '../../../errors/mcp-auth.error.js';
import { fetchMetadata, type OAuthFetch } from './fetch-json.js';
import { authorizationServerMetadataUrls } from './metadata-urls.js';
import {
  AuthorizationServerMetadataSchema,
  type AuthorizationServerMetadata,
} from './oauth-metadata.js';

/**
 * Fetches the metadata of the authorization server `issuer` (in the order of
 * {@link authorizationServerMetadataUrls}) and checks that its `issuer` is that exact string
 * (RFC 8414 §3.3: no normalisation), so poisoned metadata is never used.
 * @throws McpAuthError `discovery_failed` when no location has metadata, `issuer_mismatch` when
 *   the document names another issuer, `invalid_metadata` for a broken document.
 */
export async function discoverAuthorizationServer(
  fetchFn: OAuthFetch,
  issuer: string,
): Promise<AuthorizationServerMetadata> {
  const tried: string[] = [];
  for (const url of authorizationServerMetadataUrls(issuer)) {
    const result = await fetchMetadata(
      fetchFn,
      url,
      AuthorizationServerMetadataSchema,
      'Authorization server metadata',
    );
    if (!result.found) {
      tried.push(`${url.href} (${result.reason})`);
      continue;
    }
    if (result.value.issuer !== issuer) {
      throw new McpAuthError(
        `Authorization server metadata at ${url.href} names issuer "${result.value.issuer}", ` +
          `not "${issuer}": refusing to use it`,
        'issuer_mismatch',
      );
    }
    return result.value;
  }
  throw new McpAuthError(
    `No authorization server metadata for ${issuer}; tried ${tried.join(', ')}`,
    'discovery_failed',
  );
}

/**
 * The endpoints a 2025-03-26 client assumes for a server that publishes no metadata at all (no
 * Protected Resource Metadata, no authorization server metadata): `/authorize`, `/token` and
 * `/register` at the server's origin, PKCE S256 (required of every client by that revision).
 */
export function legacyDefaultMetadata(origin: string): AuthorizationServerMetadata {
  return {
    issuer: origin,
    authorization_endpoint: `${origin}/authorize`,
    token_endpoint: `${origin}/token`,
    registration_endpoint: `${origin}/register`,
    response_types_supported: ['code'],
    code_challenge_methods_supported: ['S256'],
  };
}
