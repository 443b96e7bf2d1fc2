import { randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair, SignJWT, type JWK } from 'jose';

/** How one provider lays out its issuer and shapes its access tokens. */
export interface IssuerShape {
  /** The issuer's path on the stand-in's origin (`/`, `/oauth2/default`, `/<tenant>/v2.0`). */
  readonly issuerPath: string;
  /** The JWKS path its metadata names. */
  readonly jwksPath: string;
  /** True when it also serves RFC 8414 metadata (`<issuer>/.well-known/oauth-authorization-server`). */
  readonly rfc8414?: boolean;
  /** The JOSE header's `typ` (none: left out, as Okta does). */
  readonly typ?: string;
  /** The payload of a token for `audience` (besides `iss`, `iat`, `exp`). */
  claims(audience: string, origin: string): Record<string, unknown>;
}

/** A local issuer of one {@link IssuerShape}. */
export interface JwtIssuerStandIn {
  readonly issuer: string;
  /** The metadata paths asked for, in order. */
  readonly metadataRequests: string[];
  /** A signed access token for `audience` in the provider's shape. */
  token(audience: string): Promise<string>;
  /**
   * Another token of the same issuer and keys: `claims` (besides `iss`, `iat`, `exp`) under the
   * header `typ` (none: left out), e.g. a provider's session token beside its access tokens.
   */
  sign(claims: Record<string, unknown>, typ?: string): Promise<string>;
  close(): Promise<void>;
}

/**
 * Starts a stand-in for a JWT-issuing identity provider on a loopback port: OpenID discovery
 * appended to the issuer (and RFC 8414 when the provider serves it), its keys at the provider's
 * JWKS path, RS256 access tokens in its claim shape.
 */
export async function startJwtIssuerStandIn(shape: IssuerShape): Promise<JwtIssuerStandIn> {
  const { privateKey, publicKey } = await generateKeyPair('RS256', { extractable: true });
  const kid = randomUUID();
  const jwk: JWK = { ...(await exportJWK(publicKey)), kid, alg: 'RS256', use: 'sig' };
  const metadataRequests: string[] = [];
  const at: { origin?: string; issuer?: string } = {};
  const server: Server = createServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0]!;
    const base = shape.issuerPath.replace(/\/$/, '');
    const json = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    if (path.includes('.well-known')) metadataRequests.push(path);
    const metadata = {
      issuer: at.issuer,
      authorization_endpoint: `${at.origin}${base}/authorize`,
      token_endpoint: `${at.origin}${base}/token`,
      jwks_uri: `${at.origin}${shape.jwksPath}`,
      response_types_supported: ['code'],
      code_challenge_methods_supported: ['S256'],
    };
    if (req.method !== 'GET') return json(405, { error: 'method' });
    if (path === `${base}/.well-known/openid-configuration`) return json(200, metadata);
    if (shape.rfc8414 && path === `${base}/.well-known/oauth-authorization-server`) {
      return json(200, metadata);
    }
    if (path === shape.jwksPath) return json(200, { keys: [jwk] });
    json(404, { error: 'not_found' });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  at.origin = `http://127.0.0.1:${port}`;
  at.issuer = `${at.origin}${shape.issuerPath}`;
  const origin = at.origin;
  const issuer = at.issuer;
  const sign = (claims: Record<string, unknown>, typ?: string) =>
    new SignJWT(claims)
      .setProtectedHeader({ alg: 'RS256', kid, ...(typ && { typ }) })
      .setIssuer(issuer)
      .setIssuedAt()
      .setExpirationTime('5m')
      .sign(privateKey);
  return {
    issuer,
    metadataRequests,
    token: (audience) => sign(shape.claims(audience, origin), shape.typ),
    sign,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
