import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair, SignJWT, type JWK } from 'jose';

/** A local identity provider laid out and speaking like a Keycloak realm. */
export interface KeycloakStandIn {
  /** `http://127.0.0.1:<port>/realms/<realm>`: the realm's issuer. */
  readonly issuer: string;
  /** The metadata paths asked for, in order. */
  readonly metadataRequests: string[];
  close(): Promise<void>;
}

/** The one confidential client of the realm (a service account, `client_credentials`). */
export const KEYCLOAK_CLIENT = { id: 'mcp-agent', secret: 'a-keycloak-client-secret-0123456789' };

async function readForm(req: IncomingMessage): Promise<URLSearchParams> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
}

/**
 * Starts a stand-in for a Keycloak realm on a loopback port, with Keycloak's URL layout
 * (`/realms/<realm>`, OpenID discovery appended to the issuer and nowhere else,
 * `/protocol/openid-connect/certs` and `/token`) and its access token shape: RS256 with header
 * `typ: JWT`, `typ: Bearer` in the payload, `azp`, `scope`, `realm_access.roles`, and `aud`
 * holding `account` plus what an Audience mapper adds (`audience`, when given). The token
 * endpoint serves `client_credentials` for {@link KEYCLOAK_CLIENT}; the form's `audience`
 * parameter stands for the mapper (absent: `account` only, as a realm without the mapper gives).
 */
export async function startKeycloakStandIn(realm = 'mcp'): Promise<KeycloakStandIn> {
  const { privateKey, publicKey } = await generateKeyPair('RS256', { extractable: true });
  const kid = randomUUID();
  const jwk: JWK = { ...(await exportJWK(publicKey)), kid, alg: 'RS256', use: 'sig' };
  const metadataRequests: string[] = [];
  const holder: { issuer?: string } = {};
  const server: Server = createServer((req, res) => {
    const issuer = holder.issuer!;
    const base = `/realms/${realm}`;
    const path = (req.url ?? '/').split('?')[0]!;
    const json = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    if (path.includes('.well-known')) metadataRequests.push(path);
    if (req.method === 'GET' && path === `${base}/.well-known/openid-configuration`) {
      const oidc = `${issuer}/protocol/openid-connect`;
      return json(200, {
        issuer,
        authorization_endpoint: `${oidc}/auth`,
        token_endpoint: `${oidc}/token`,
        introspection_endpoint: `${oidc}/token/introspect`,
        userinfo_endpoint: `${oidc}/userinfo`,
        end_session_endpoint: `${oidc}/logout`,
        jwks_uri: `${oidc}/certs`,
        registration_endpoint: `${issuer}/clients-registrations/openid-connect`,
        grant_types_supported: ['authorization_code', 'refresh_token', 'client_credentials'],
        response_types_supported: ['code'],
        code_challenge_methods_supported: ['plain', 'S256'],
        id_token_signing_alg_values_supported: ['RS256'],
        token_endpoint_auth_methods_supported: ['client_secret_basic', 'client_secret_post'],
      });
    }
    if (req.method === 'GET' && path === `${base}/protocol/openid-connect/certs`) {
      return json(200, { keys: [jwk] });
    }
    if (req.method === 'POST' && path === `${base}/protocol/openid-connect/token`) {
      void readForm(req).then(async (form) => {
        if (
          form.get('grant_type') !== 'client_credentials' ||
          form.get('client_id') !== KEYCLOAK_CLIENT.id ||
          form.get('client_secret') !== KEYCLOAK_CLIENT.secret
        ) {
          return json(401, { error: 'unauthorized_client' });
        }
        const audience = form.get('audience');
        const token = await new SignJWT({
          typ: 'Bearer',
          azp: KEYCLOAK_CLIENT.id,
          scope: form.get('scope') ?? 'profile email',
          realm_access: { roles: ['default-roles-mcp', 'offline_access'] },
          preferred_username: `service-account-${KEYCLOAK_CLIENT.id}`,
          client_id: KEYCLOAK_CLIENT.id,
        })
          .setProtectedHeader({ alg: 'RS256', typ: 'JWT', kid })
          .setIssuer(issuer)
          .setSubject('0d3f2a8e-6b1c-4e57-9a43-1c2b3d4e5f60')
          .setAudience(audience ? [audience, 'account'] : 'account')
          .setIssuedAt()
          .setExpirationTime('5m')
          .setJti(randomUUID())
          .sign(privateKey);
        json(200, { access_token: token, token_type: 'Bearer', expires_in: 300 });
      });
      return;
    }
    json(404, { error: 'Unable to find matching target resource method' });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  holder.issuer = `http://127.0.0.1:${port}/realms/${realm}`;
  return {
    issuer: holder.issuer,
    metadataRequests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
