import { McpAuthError } from '../../errors/mcp-auth.error.js';
import { readAuthorizationResponse } from './authorization-response.js';
import type { TokenResponse } from './discovery/oauth-metadata.js';
import type { McpOAuthContext } from './mcp-oauth-client.js';
import type { McpOAuthInteraction } from './oauth-interaction.interface.js';
import type { McpOAuthClientRegistration } from './oauth-store.interface.js';
import { createPkcePair, randomState } from './pkce.js';
import { scopeParam } from './scope-selection.js';

/** What the authorization code flow needs of the client that runs it. */
export interface AuthorizationCodeSteps {
  /** Opens the authorization URL to the user and returns the redirect it ended on. */
  interaction: McpOAuthInteraction | undefined;
  /** This client's registration at the context's authorization server (for `redirectUri`). */
  clientFor(context: McpOAuthContext, redirectUri: string): Promise<McpOAuthClientRegistration>;
  /** One token request with the client's authentication. */
  tokenEndpoint(
    context: McpOAuthContext,
    client: McpOAuthClientRegistration,
    params: Record<string, string | undefined>,
  ): Promise<TokenResponse>;
}

/**
 * The OAuth 2.1 authorization code grant as the MCP authorization spec runs it: PKCE S256 always
 * (an authorization server that does not advertise it is refused), a fresh `state`, the RFC 8707
 * `resource` and the selected scopes on the authorization request, the redirect checked for
 * `state` and RFC 9207 `iss`, then the code exchanged at the token endpoint.
 * @throws McpAuthError `interaction_required`, `invalid_metadata`, `pkce_unsupported`, or what
 *   reading the redirect and the token request refuse
 */
export async function authorizeWithCode(
  context: McpOAuthContext,
  scopes: string[],
  steps: AuthorizationCodeSteps,
): Promise<TokenResponse> {
  const { interaction } = steps;
  if (!interaction) {
    throw new McpAuthError(
      'The server needs authorization and this McpOAuthClient has no interaction to run it',
      'interaction_required',
    );
  }
  const { metadata, issuer, resource } = context;
  if (!metadata.authorization_endpoint || !metadata.token_endpoint) {
    throw new McpAuthError(
      `Authorization server ${issuer} publishes no authorization or token endpoint`,
      'invalid_metadata',
    );
  }
  if (!metadata.code_challenge_methods_supported?.includes('S256')) {
    throw new McpAuthError(
      `Authorization server ${issuer} does not advertise PKCE S256 (code_challenge_methods_supported): refusing to authorize`,
      'pkce_unsupported',
    );
  }
  const redirectUri = await interaction.redirectUri();
  const client = await steps.clientFor(context, redirectUri);
  const pkce = createPkcePair();
  const state = randomState();
  const url = new URL(metadata.authorization_endpoint);
  const query: Record<string, string | undefined> = {
    response_type: 'code',
    client_id: client.clientId,
    redirect_uri: redirectUri,
    code_challenge: pkce.challenge,
    code_challenge_method: pkce.method,
    state,
    scope: scopeParam(scopes),
    resource,
  };
  for (const [name, value] of Object.entries(query)) {
    if (value !== undefined) url.searchParams.set(name, value);
  }
  const answer = await interaction.authorize(url, redirectUri);
  const code = readAuthorizationResponse(new URL(answer), {
    state,
    issuer,
    issSupported: metadata.authorization_response_iss_parameter_supported === true,
  });
  return steps.tokenEndpoint(context, client, {
    grant_type: 'authorization_code',
    code,
    redirect_uri: redirectUri,
    code_verifier: pkce.verifier,
    resource,
  });
}
