import { privateKeyJwtParams } from './client-assertion.js';
import { importSigningKey, type McpSigningKey, type McpSigningKeyInput } from './signing-key.js';

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

/** The body parameters and headers that authenticate one token request. */
export interface ClientAuthenticationParts {
  params: Record<string, string>;
  headers: Record<string, string>;
}

/**
 * Client authentication for token requests to one authorization server. The private key of
 * `private_key_jwt` is imported once (a malformed key fails the first request with
 * `McpAuthError` `invalid_key`); each request gets a fresh assertion whose `aud` is the issuer.
 */
export class ClientAuthenticator {
  private key: Promise<McpSigningKey> | undefined;

  constructor(readonly authentication: McpClientAuthentication) {}

  /** The client id the authentication names. */
  get clientId(): string {
    return this.authentication.clientId;
  }

  /** Parameters and headers for one request to the authorization server `issuer`. */
  async partsFor(issuer: string): Promise<ClientAuthenticationParts> {
    const auth = this.authentication;
    switch (auth.method) {
      case 'client_secret_basic':
        return {
          params: {},
          headers: { Authorization: basicAuthorization(auth.clientId, auth.clientSecret) },
        };
      case 'client_secret_post':
        return {
          params: { client_id: auth.clientId, client_secret: auth.clientSecret },
          headers: {},
        };
      case 'private_key_jwt': {
        this.key ??= importSigningKey(auth.privateKey, auth.algorithm, 'private_key_jwt key');
        const key = await this.key.catch((error: unknown) => {
          this.key = undefined;
          throw error;
        });
        const params = await privateKeyJwtParams(key, {
          clientId: auth.clientId,
          audience: issuer,
        });
        return { params: { client_id: auth.clientId, ...params }, headers: {} };
      }
      case 'none':
        return { params: { client_id: auth.clientId }, headers: {} };
    }
  }
}

/** `Basic base64(urlencode(id):urlencode(secret))` (RFC 6749 §2.3.1). */
export function basicAuthorization(clientId: string, clientSecret: string): string {
  const encode = (value: string) => encodeURIComponent(value).replace(/%20/g, '+');
  return `Basic ${Buffer.from(`${encode(clientId)}:${encode(clientSecret)}`).toString('base64')}`;
}
