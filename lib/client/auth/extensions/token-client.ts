import type { ClientAuthenticator, OAuthClientCredentials } from '../client-authentication.js';
import { privateKeyJwtAuthenticator } from './client-assertion.js';
import type { McpSigningKeyInput } from './signing-key.js';

/**
 * How the client authenticates at a token endpoint (`token_endpoint_auth_method`):
 * `client_secret_basic` / `client_secret_post` with a secret, `private_key_jwt` with a private
 * key (RFC 7523 §2.2), or `none` (a public client: `client_id` in the body).
 */
export type McpClientAuthentication =
  | { method: 'client_secret_basic' | 'client_secret_post'; clientId: string; clientSecret: string }
  | {
      method: 'private_key_jwt';
      clientId: string;
      /** PKCS#8 PEM, private JWK or `CryptoKey`. */
      privateKey: McpSigningKeyInput;
      /** JWS algorithm (default: the JWK's `alg`, else ES256). */
      algorithm?: string;
    }
  | { method: 'none'; clientId: string };

/** A client's identity for the token endpoint call (`requestToken`): credentials, method, extra methods. */
export interface TokenClient {
  client: OAuthClientCredentials;
  method: string;
  authenticators?: Readonly<Record<string, ClientAuthenticator>>;
}

/**
 * The token endpoint identity of an {@link McpClientAuthentication}: secrets go through the
 * built-in methods, a private key through {@link privateKeyJwtAuthenticator} (imported once).
 */
export function tokenClientOf(authentication: McpClientAuthentication): TokenClient {
  const { clientId, method } = authentication;
  switch (authentication.method) {
    case 'client_secret_basic':
    case 'client_secret_post':
      return {
        client: {
          clientId,
          clientSecret: authentication.clientSecret,
          tokenEndpointAuthMethod: method,
        },
        method,
      };
    case 'private_key_jwt':
      return {
        client: { clientId, tokenEndpointAuthMethod: method },
        method,
        authenticators: {
          private_key_jwt: privateKeyJwtAuthenticator(
            authentication.privateKey,
            authentication.algorithm,
          ),
        },
      };
    case 'none':
      return { client: { clientId, tokenEndpointAuthMethod: method }, method };
  }
}
