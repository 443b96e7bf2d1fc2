import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createRemoteJWKSet, jwtVerify, type JWTPayload } from 'jose';

/** A downstream API that trusts the app's issuer: it checks JWTs against the JWKS and `aud`. */
export interface DownstreamApiStandIn {
  origin: string;
  /** The payloads of the tokens it accepted. */
  accepted: JWTPayload[];
  close(): Promise<void>;
}

/** The API's own client at the issuer, for RFC 7662 introspection. */
export interface IntrospectionCredentials {
  clientId: string;
  clientSecret: string;
}

/** True when the issuer's introspection endpoint says `token` is active (the API's credentials). */
async function stillActive(
  issuer: string,
  token: string,
  { clientId, clientSecret }: IntrospectionCredentials,
): Promise<boolean> {
  const response = await fetch(`${issuer}/oauth/introspect`, {
    method: 'POST',
    headers: {
      authorization: `Basic ${Buffer.from(`${clientId}:${clientSecret}`).toString('base64')}`,
      'content-type': 'application/x-www-form-urlencoded',
    },
    body: new URLSearchParams({ token }),
  });
  return response.ok && ((await response.json()) as { active?: unknown }).active === true;
}

/**
 * Starts a downstream API on a free port: `GET /me` answers the verified token's `sub`, `scope`
 * and `act` when the bearer token is signed by `issuer`'s keys (fetched from its JWKS), typed
 * `at+jwt` and for `audience`; 401 otherwise. With `introspection`, `GET /me/checked` also asks
 * the issuer's introspection endpoint whether the token is still active (revocation).
 */
export async function startDownstreamApi(
  issuer: string,
  audience: string,
  introspection?: IntrospectionCredentials,
): Promise<DownstreamApiStandIn> {
  const jwks = createRemoteJWKSet(new URL(`${issuer}/oauth/jwks`));
  const accepted: JWTPayload[] = [];
  const server: Server = createServer((req, res) => {
    const token = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1] ?? '';
    const checked = req.url === '/me/checked';
    jwtVerify(token, jwks, { issuer, audience, typ: 'at+jwt' })
      .then(async (verified) => {
        if (checked && !(introspection && (await stillActive(issuer, token, introspection)))) {
          throw new Error('not active at the issuer');
        }
        return verified;
      })
      .then(
        ({ payload }) => {
          accepted.push(payload);
          res.writeHead(200, { 'content-type': 'application/json' });
          res.end(JSON.stringify({ sub: payload.sub, scope: payload.scope, act: payload.act }));
        },
        (error: Error) => {
          res.writeHead(401, { 'content-type': 'application/json' });
          res.end(JSON.stringify({ error: 'invalid_token', reason: error.message }));
        },
      );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    accepted,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
