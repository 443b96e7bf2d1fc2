import { createHash, randomUUID } from 'node:crypto';
import { exportJWK, generateKeyPair, SignJWT, type JWK } from 'jose';
import {
  InMemoryOAuthStore,
  McpClient,
  McpOAuthClient,
  StreamableHttpClientTransport,
  withDpop,
} from '../../../lib/index.js';
import { initializeRequest } from '../support/raw-http.js';
import { BrowserUser } from './support/browser-user.js';
import { bootDemo, type BootedDemo } from './support/boot-demo.js';
import { RAW_REDIRECT } from './support/raw-oauth.js';

/** A DPoP key pair: the public JWK for the proof header, the private key to sign with. */
async function dpopKey() {
  const { publicKey, privateKey } = await generateKeyPair('ES256', { extractable: true });
  return {
    publicJwk: await exportJWK(publicKey),
    privateJwk: await exportJWK(privateKey),
    privateKey,
  };
}

type DpopKey = Awaited<ReturnType<typeof dpopKey>>;

/** A DPoP proof (RFC 9449 §4.2) for one request; `claims` override the defaults. */
function proofFor(
  key: DpopKey,
  htu: string,
  token: string,
  claims: Record<string, unknown> = {},
  header: { typ?: string; jwk?: JWK } = {},
): Promise<string> {
  const ath = createHash('sha256').update(token).digest('base64url');
  return new SignJWT({ htm: 'POST', htu, jti: randomUUID(), ath, ...claims })
    .setProtectedHeader({
      typ: header.typ ?? 'dpop+jwt',
      alg: 'ES256',
      jwk: header.jwk ?? key.publicJwk,
    })
    .setIssuedAt(typeof claims.iat === 'number' ? claims.iat : undefined)
    .sign(key.privateKey);
}

/**
 * DPoP-bound access tokens at the MCP endpoint (RFC 9449 §7): the app's own authorization server
 * binds a token to the client's key when the client sends a proof; the endpoint then takes that
 * token only as `Authorization: DPoP` with a fresh proof of the same key for this request.
 */
describe('DPoP-bound access tokens at the MCP endpoint (McpAuthorizationServerModule, McpClient)', () => {
  let demo: BootedDemo;
  let key: DpopKey;
  let token: string;
  beforeAll(async () => {
    demo = await bootDemo('github');
    key = await dpopKey();
  });
  afterAll(() => demo.close());

  const post = (headers: Record<string, string>) =>
    fetch(demo.resource, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
        ...headers,
      },
      body: JSON.stringify(initializeRequest()),
    });

  it('McpClient withDpop signs in, gets a bound token and calls a tool with proofs', async () => {
    const store = new InMemoryOAuthStore();
    const user = new BrowserUser();
    const auth = withDpop(
      (fetch) =>
        new McpOAuthClient({
          store,
          fetch,
          interaction: {
            redirectUri: () => RAW_REDIRECT,
            authorize: async (url: URL) =>
              (await user.walk(url, new URL(RAW_REDIRECT).origin)).redirect!,
          },
        }),
      { key: key.privateJwk },
    );
    const client = new McpClient({
      transport: new StreamableHttpClientTransport(demo.booted.url(), { auth }),
      versionNegotiation: { pin: '2025-11-25' },
    });
    try {
      await client.connect();
      const me = await client.callTool('whoami', {});
      expect(me.structuredContent).toMatchObject({ subject: 'github:583231' });
      const tokens = (await store.getTokens(demo.resource))!;
      expect(tokens.tokenType?.toLowerCase()).toBe('dpop');
      token = tokens.accessToken;
    } finally {
      await client.close();
    }
  });

  it('answers a fresh proof of the bound key with the MCP result', async () => {
    const reply = await post({
      authorization: `DPoP ${token}`,
      dpop: await proofFor(key, demo.resource, token),
    });
    expect(reply.status).toBe(200);
  });

  it('refuses the bound token sent as a bearer token (401 invalid_token)', async () => {
    const reply = await post({ authorization: `Bearer ${token}` });
    expect(reply.status).toBe(401);
    expect(reply.headers.get('www-authenticate')).toMatch(/^Bearer .*error="invalid_token"/);
    expect(((await reply.json()) as { message: string }).message).toMatch(/DPoP/);
  });

  it('refuses a replayed proof, a proof for another URL, method or token, a stale one, another key and none (401 invalid_dpop_proof)', async () => {
    const replayed = await proofFor(key, demo.resource, token);
    expect((await post({ authorization: `DPoP ${token}`, dpop: replayed })).status).toBe(200);
    const other = await dpopKey();
    const bad: Array<[string, Record<string, string>]> = [
      ['replayed', { dpop: replayed }],
      ['another URL', { dpop: await proofFor(key, `${demo.issuer}/other`, token) }],
      ['another method', { dpop: await proofFor(key, demo.resource, token, { htm: 'GET' }) }],
      ['another token', { dpop: await proofFor(key, demo.resource, `${token}x`) }],
      [
        'stale',
        {
          dpop: await proofFor(key, demo.resource, token, {
            iat: Math.floor(Date.now() / 1000) - 3600,
          }),
        },
      ],
      ['another key', { dpop: await proofFor(other, demo.resource, token) }],
      [
        'header key not the signer',
        { dpop: await proofFor(key, demo.resource, token, {}, { jwk: other.publicJwk }) },
      ],
      ['wrong typ', { dpop: await proofFor(key, demo.resource, token, {}, { typ: 'JWT' }) }],
      ['not a JWT', { dpop: 'not-a-jwt' }],
      ['no proof', {}],
    ];
    const seen: string[] = [];
    for (const [what, headers] of bad) {
      const reply = await post({ authorization: `DPoP ${token}`, ...headers });
      const challenge = reply.headers.get('www-authenticate') ?? '';
      const scheme = challenge.split(' ')[0];
      const algs = /algs="([^"]*)"/.exec(challenge)?.[1];
      const error = /error="([^"]+)"/.exec(challenge)?.[1];
      seen.push(`${what}: ${reply.status} ${scheme} ${error} ${algs?.includes('ES256')}`);
    }
    expect(seen).toEqual(bad.map(([what]) => `${what}: 401 DPoP invalid_dpop_proof true`));
  });
});
