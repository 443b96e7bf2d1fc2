import * as jose from 'jose';
import type { CryptoKey } from 'jose';
import {
  ClientCredentialsGrant,
  JwtBearerGrant,
  McpAuthError,
  McpClient,
  McpGrantOAuthClient,
  StreamableHttpClientTransport,
  type McpTokenGrant,
} from '../../../lib/index.js';
import {
  startGrantAuthorizationServer,
  type GrantAsOptions,
} from './support/grant-authorization-server.js';
import { startProtectedMcpApp } from './support/protected-mcp-app.js';

describe('McpClient with McpGrantOAuthClient (real sockets: Nest MCP server + authorization server)', () => {
  let keys: GrantAsOptions & { clientPem: string; workloadPrivate: CryptoKey };
  let pair: {
    app: Awaited<ReturnType<typeof startProtectedMcpApp>>;
    as: Awaited<ReturnType<typeof startGrantAuthorizationServer>>;
  };

  beforeAll(async () => {
    const client = await jose.generateKeyPair('ES256', { extractable: true });
    const workload = await jose.generateKeyPair('ES256');
    keys = {
      secretClient: { id: 'svc', secret: 's3cret' },
      keyClient: { id: 'svc-key', publicKey: client.publicKey },
      workloadKey: workload.publicKey,
      clientPem: await jose.exportPKCS8(client.privateKey),
      workloadPrivate: workload.privateKey,
    };
  });

  beforeEach(async () => {
    let issuer = '';
    const app = await startProtectedMcpApp(() => issuer);
    const as = await startGrantAuthorizationServer((token) => app.valid.add(token), keys);
    issuer = as.issuer;
    pair = { app, as };
  });

  afterEach(async () => {
    await pair.app.close();
    await pair.as.close();
  });

  /** Connects with `grant`, calls `echo`; the error when that fails. */
  async function callWith(grant: McpTokenGrant): Promise<unknown> {
    const client = new McpClient({
      transport: new StreamableHttpClientTransport(pair.app.mcpUrl, {
        auth: new McpGrantOAuthClient({ grant }),
        standaloneStream: false,
      }),
    });
    try {
      await client.connect();
      const result = await client.callTool<{ word: string }>('echo', { word: 'machine' });
      expect(result.structuredContent?.word).toBe('machine');
      return undefined;
    } catch (error) {
      return error;
    } finally {
      await client.close().catch(() => undefined);
    }
  }

  const workloadJwt = (audience: string, expiresIn = '5m') =>
    new jose.SignJWT({})
      .setProtectedHeader({ alg: 'ES256' })
      .setIssuer('https://workload-idp.example')
      .setSubject('workload-1')
      .setAudience(audience)
      .setIssuedAt()
      .setExpirationTime(expiresIn)
      .sign(keys.workloadPrivate);

  it('client credentials with a private_key_jwt assertion the server verifies', async () => {
    const grant = new ClientCredentialsGrant({
      authentication: {
        method: 'private_key_jwt',
        clientId: 'svc-key',
        privateKey: keys.clientPem,
      },
    });
    expect(await callWith(grant)).toBeUndefined();
    const [request] = pair.as.tokenRequests;
    expect(request!.params.get('grant_type')).toBe('client_credentials');
    expect(request!.params.get('resource')).toBe(pair.app.origin);
    expect(pair.app.seen.filter((r) => r.status === 401)).toHaveLength(1);
    expect(pair.app.seen.at(-1)!.authorization).toMatch(/^Bearer grant-/);
  });

  it('client credentials with client_secret_basic', async () => {
    const grant = new ClientCredentialsGrant({
      authentication: { method: 'client_secret_basic', clientId: 'svc', clientSecret: 's3cret' },
    });
    expect(await callWith(grant)).toBeUndefined();
    expect(pair.as.tokenRequests[0]!.authorization).toMatch(/^Basic /);
  });

  it('a wrong secret is McpAuthError invalid_client: one token request, no call through', async () => {
    const grant = new ClientCredentialsGrant({
      authentication: { method: 'client_secret_basic', clientId: 'svc', clientSecret: 'wrong' },
    });
    const error = await callWith(grant);
    expect(error).toBeInstanceOf(McpAuthError);
    expect(error).toMatchObject({ code: 'invalid_client', status: 401 });
    expect(pair.as.tokenRequests).toHaveLength(1);
    expect(pair.app.seen.every((r) => r.status === 401)).toBe(true);
  });

  it('the JWT bearer grant trades a workload JWT for a token', async () => {
    const grant = new JwtBearerGrant({
      assertion: () => workloadJwt(pair.as.issuer),
      clientId: 'workload',
    });
    expect(await callWith(grant)).toBeUndefined();
    expect(pair.as.tokenRequests[0]!.params.get('grant_type')).toBe(
      'urn:ietf:params:oauth:grant-type:jwt-bearer',
    );
  });

  it('an expired workload JWT is McpAuthError invalid_grant, not retried', async () => {
    const expired = await workloadJwt(pair.as.issuer, '-60s');
    const error = await callWith(new JwtBearerGrant({ assertion: expired, clientId: 'workload' }));
    expect(error).toMatchObject({ code: 'invalid_grant' });
    expect(pair.as.tokenRequests).toHaveLength(1);
    expect(pair.app.seen.every((r) => r.status === 401)).toBe(true);
  });
});
