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

/**
 * Starts a downstream API on a free port: `GET /me` answers the verified token's `sub`, `scope`
 * and `act` when the bearer token is signed by `issuer`'s keys (fetched from its JWKS), typed
 * `at+jwt` and for `audience`; 401 otherwise.
 */
export async function startDownstreamApi(
  issuer: string,
  audience: string,
): Promise<DownstreamApiStandIn> {
  const jwks = createRemoteJWKSet(new URL(`${issuer}/oauth/jwks`));
  const accepted: JWTPayload[] = [];
  const server: Server = createServer((req, res) => {
    const token = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1] ?? '';
    jwtVerify(token, jwks, { issuer, audience, typ: 'at+jwt' }).then(
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
