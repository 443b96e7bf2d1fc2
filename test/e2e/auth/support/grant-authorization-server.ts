import * as jose from 'jose';
import type { CryptoKey } from 'jose';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { listenLoopback, replyJson } from './loopback-http.js';

const JWT_BEARER = 'urn:ietf:params:oauth:grant-type:jwt-bearer';
const ASSERTION_TYPE = 'urn:ietf:params:oauth:client-assertion-type:jwt-bearer';

/** Who the {@link startGrantAuthorizationServer} knows. */
export interface GrantAsOptions {
  /** `client_secret_basic` client: id and secret. */
  secretClient: { id: string; secret: string };
  /** `private_key_jwt` client: id and public key of its assertions. */
  keyClient: { id: string; publicKey: CryptoKey };
  /** The key a workload platform signs workload JWTs with (JWT bearer grant). */
  workloadKey: CryptoKey;
}

/**
 * A minimal authorization server on 127.0.0.1 for the grant e2e specs: RFC 8414 metadata and a
 * token endpoint for `client_credentials` (client_secret_basic, or private_key_jwt verified with
 * jose: `iss` = `sub` = client id, `aud` = issuer) and the JWT bearer grant (assertion verified,
 * `aud` = issuer). Tokens it issues are reported to `onToken`. Records every token request.
 */
export async function startGrantAuthorizationServer(
  onToken: (token: string) => void,
  options: GrantAsOptions,
) {
  const tokenRequests: Array<{ params: URLSearchParams; authorization: string | undefined }> = [];
  let counter = 0;
  const server = await listenLoopback((req, res) => handle(req, res));
  const issuer = server.origin;
  const json = replyJson;

  /** The client the request authenticates as, or why not. */
  async function client(params: URLSearchParams, authorization: string | undefined) {
    if (authorization?.startsWith('Basic ')) {
      const [id, secret] = Buffer.from(authorization.slice(6), 'base64').toString().split(':');
      const { secretClient } = options;
      return id === secretClient.id && secret === secretClient.secret ? id : undefined;
    }
    if (params.get('client_assertion_type') === ASSERTION_TYPE) {
      const { keyClient } = options;
      try {
        await jose.jwtVerify(params.get('client_assertion') ?? '', keyClient.publicKey, {
          issuer: keyClient.id,
          subject: keyClient.id,
          audience: issuer,
        });
        return keyClient.id;
      } catch {
        return undefined;
      }
    }
    return params.get('client_id') ?? undefined; // a public client
  }

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', issuer);
    let body = '';
    for await (const chunk of req) body += String(chunk);
    if (url.pathname === '/.well-known/oauth-authorization-server') {
      return json(res, 200, {
        issuer,
        token_endpoint: `${issuer}/token`,
        grant_types_supported: ['client_credentials', JWT_BEARER],
        token_endpoint_auth_methods_supported: ['client_secret_basic', 'private_key_jwt', 'none'],
        token_endpoint_auth_signing_alg_values_supported: ['ES256'],
      });
    }
    if (url.pathname !== '/token' || req.method !== 'POST') {
      res.writeHead(404).end();
      return;
    }
    const params = new URLSearchParams(body);
    tokenRequests.push({ params, authorization: req.headers.authorization });
    const clientId = await client(params, req.headers.authorization);
    if (!clientId) return json(res, 401, { error: 'invalid_client' });
    const grant = params.get('grant_type');
    if (grant === JWT_BEARER) {
      try {
        await jose.jwtVerify(params.get('assertion') ?? '', options.workloadKey, {
          audience: issuer,
        });
      } catch (error) {
        return json(res, 400, { error: 'invalid_grant', error_description: String(error) });
      }
    } else if (grant !== 'client_credentials') {
      return json(res, 400, { error: 'unsupported_grant_type' });
    }
    const token = `grant-${++counter}`;
    onToken(token);
    return json(res, 200, { access_token: token, token_type: 'Bearer', expires_in: 3600 });
  }

  return {
    issuer,
    tokenRequests,
    close: server.close,
  };
}
