import { describeFetchError } from './discovery/connect-retry-fetch.js';
import { McpAuthError } from '../../errors/mcp-auth.error.js';
import type { OAuthFetch } from './discovery/fetch-json.js';
import {
  ClientRegistrationResponseSchema,
  type AuthorizationServerMetadata,
} from './discovery/oauth-metadata.js';
import { chooseTokenEndpointAuthMethod } from './client-authentication.js';
import type { McpOAuthClientOptions } from './mcp-oauth-client.options.js';
import type { McpOAuthClientRegistration } from './oauth-store.interface.js';

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/** `native` for a loopback or custom-scheme redirect (a CLI, a desktop app), else `web`. */
export function applicationTypeOf(redirectUri: string): 'native' | 'web' {
  try {
    const url = new URL(redirectUri);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return 'native';
    return LOOPBACK_HOSTS.has(url.hostname) ? 'native' : 'web';
  } catch {
    return 'web';
  }
}

/**
 * How this client is known to one authorization server, in order: pre-registered credentials
 * (when not bound to another issuer), its Client ID Metadata Document URL when the server
 * supports those, else Dynamic Client Registration (RFC 7591) at the server's
 * `registration_endpoint`.
 * @throws McpAuthError `registration_unavailable` when none applies; the server's `error` (or
 *   `registration_failed`) when registration is refused.
 */
export async function obtainClientRegistration(
  fetchFn: OAuthFetch,
  issuer: string,
  metadata: AuthorizationServerMetadata,
  redirectUri: string,
  options: McpOAuthClientOptions,
): Promise<McpOAuthClientRegistration> {
  const pre = options.client;
  if (pre && (pre.issuer === undefined || pre.issuer === issuer)) {
    return {
      issuer,
      clientId: pre.clientId,
      clientSecret: pre.clientSecret,
      tokenEndpointAuthMethod: chooseTokenEndpointAuthMethod(
        pre,
        metadata.token_endpoint_auth_methods_supported,
      ),
      redirectUri,
    };
  }
  if (metadata.client_id_metadata_document_supported === true && options.clientMetadataUrl) {
    return {
      issuer,
      clientId: options.clientMetadataUrl,
      tokenEndpointAuthMethod: 'none',
      redirectUri,
    };
  }
  if (!metadata.registration_endpoint) {
    throw new McpAuthError(
      `Authorization server ${issuer} offers no dynamic registration and no client is configured for it ` +
        '(give the client option, or clientMetadataUrl for a server supporting Client ID Metadata Documents)',
      'registration_unavailable',
    );
  }
  const supported = metadata.token_endpoint_auth_methods_supported;
  const requested = supported === undefined || supported.includes('none') ? 'none' : supported[0]!;
  const body = {
    client_name: 'nestjs-mcp client',
    redirect_uris: [redirectUri],
    grant_types: ['authorization_code', 'refresh_token'],
    response_types: ['code'],
    token_endpoint_auth_method: requested,
    application_type: options.applicationType ?? applicationTypeOf(redirectUri),
    ...options.clientMetadata,
  };
  let response: Response;
  try {
    response = await fetchFn(new URL(metadata.registration_endpoint), {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify(body),
    });
  } catch (error) {
    throw new McpAuthError(
      `Client registration at ${metadata.registration_endpoint} failed: ${describeFetchError(error)}`,
      'registration_failed',
      undefined,
      { cause: error },
    );
  }
  const json: unknown = await response.json().catch(() => undefined);
  if (!response.ok) {
    const error = (json as { error?: unknown } | undefined)?.error;
    throw new McpAuthError(
      `Client registration refused (HTTP ${response.status}${typeof error === 'string' ? `: ${error}` : ''})`,
      typeof error === 'string' ? error : 'registration_failed',
      response.status,
    );
  }
  const parsed = ClientRegistrationResponseSchema.safeParse(json);
  if (!parsed.success) {
    throw new McpAuthError(
      'Client registration answered without a client_id',
      'registration_failed',
    );
  }
  const registered = parsed.data;
  return {
    issuer,
    clientId: registered.client_id,
    clientSecret: registered.client_secret,
    tokenEndpointAuthMethod: registered.token_endpoint_auth_method ?? requested,
    redirectUri,
  };
}
