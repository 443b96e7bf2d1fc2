import { McpAuthError } from '../../errors/mcp-auth.error.js';

/** The client's identity at one authorization server (pre-registered, CIMD, or registered). */
export interface OAuthClientCredentials {
  clientId: string;
  clientSecret?: string | undefined;
  /** `client_secret_basic`, `client_secret_post`, `none`, `private_key_jwt`, ... */
  tokenEndpointAuthMethod?: string | undefined;
}

/** What a client authentication method sees of one token request. */
export interface ClientAuthenticationContext {
  /** The token endpoint (the audience of a `private_key_jwt` assertion). */
  tokenEndpoint: URL;
  /** The authorization server's issuer identifier. */
  issuer: string;
  client: OAuthClientCredentials;
}

/**
 * One token endpoint authentication method: adds what it needs to the form `body` and the
 * request `headers` (e.g. `client_assertion` for `private_key_jwt`).
 */
export type ClientAuthenticator = (
  body: URLSearchParams,
  headers: Record<string, string>,
  context: ClientAuthenticationContext,
) => void | Promise<void>;

/** `application/x-www-form-urlencoded` encoding of one credential (RFC 6749 §2.3.1). */
function formEncode(value: string): string {
  return encodeURIComponent(value).replace(/%20/g, '+');
}

function secretOf(context: ClientAuthenticationContext, method: string): string {
  const secret = context.client.clientSecret;
  if (secret === undefined) {
    throw new McpAuthError(
      `Token endpoint auth method ${method} needs a client secret, and client ${context.client.clientId} has none`,
      'invalid_client',
    );
  }
  return secret;
}

/** The methods built in: `client_secret_basic`, `client_secret_post` and `none`. */
export const BUILT_IN_CLIENT_AUTHENTICATORS: Readonly<Record<string, ClientAuthenticator>> = {
  client_secret_basic: (_body, headers, context) => {
    const secret = secretOf(context, 'client_secret_basic');
    const pair = `${formEncode(context.client.clientId)}:${formEncode(secret)}`;
    headers.authorization = `Basic ${Buffer.from(pair).toString('base64')}`;
  },
  client_secret_post: (body, _headers, context) => {
    body.set('client_id', context.client.clientId);
    body.set('client_secret', secretOf(context, 'client_secret_post'));
  },
  none: (body, _headers, context) => {
    body.set('client_id', context.client.clientId);
  },
};

/**
 * The method a client uses at the token endpoint: the one it registered with, else, for a
 * client with a secret, `client_secret_basic` unless the server lists only `client_secret_post`
 * (RFC 8414's default list is `client_secret_basic`), else `none`.
 */
export function chooseTokenEndpointAuthMethod(
  client: OAuthClientCredentials,
  supported: readonly string[] | undefined,
): string {
  if (client.tokenEndpointAuthMethod) return client.tokenEndpointAuthMethod;
  if (client.clientSecret === undefined) return 'none';
  const methods = supported ?? ['client_secret_basic'];
  if (methods.includes('client_secret_basic')) return 'client_secret_basic';
  if (methods.includes('client_secret_post')) return 'client_secret_post';
  return 'client_secret_basic';
}
