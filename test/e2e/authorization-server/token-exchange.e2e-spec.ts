import 'reflect-metadata';
import { Injectable } from '@nestjs/common';
import { UnauthorizedError } from '@modelcontextprotocol/sdk/client/auth.js';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { decodeJwt } from 'jose';
import { githubUpstream, McpContext, Tool } from '../../../lib/index.js';
import { AppModule } from '../../../sample/11-authorization-server/src/app.module.js';
import { bootApp } from '../nest/support/nest-app.js';
import { TestOAuthProvider } from '../nest/support/sdk-oauth-provider.js';
import { freePort } from '../support/free-port.js';
import { BrowserUser } from './support/browser-user.js';
import { demoOf, type BootedDemo } from './support/boot-demo.js';
import {
  startDownstreamApi,
  type DownstreamApiStandIn,
} from './support/downstream-api-stand-in.js';
import { postForm } from './support/raw-oauth.js';
import { startUpstreamStandIn, type UpstreamStandIn } from './support/upstream-stand-in.js';

const CLIENT_ORIGIN = 'http://127.0.0.1:9';
const SUBJECT = 'github:583231';
const API = 'https://api.internal';
const GRANT = 'urn:ietf:params:oauth:grant-type:token-exchange';
const ACCESS_TOKEN = 'urn:ietf:params:oauth:token-type:access_token';
const EXCHANGER = { id: 'reports-backend', secret: 'a-long-enough-secret-for-the-test-0123' };
/** The downstream API's own client, for introspection. */
const API_CLIENT = {
  clientId: 'internal-api',
  clientSecret: 'another-long-secret-for-the-test-4567',
};
let apiUrl = '';

/** A tool that calls the downstream API as the signed-in user with an exchanged token. */
@Injectable()
class DownstreamTools {
  @Tool({ description: 'Who the downstream API sees' })
  async downstream_me(_args: unknown, ctx: McpContext) {
    const token = await ctx.auth.exchangeToken(API, { scopes: ['notes:read'] });
    const response = await fetch(`${apiUrl}/me`, { headers: { authorization: `Bearer ${token}` } });
    if (!response.ok) throw new Error(`The API answered ${response.status}`);
    return JSON.stringify(await response.json());
  }
}

/**
 * RFC 8693 token exchange: a tool calls a downstream API that verifies the exchanged JWT
 * against the app's JWKS and its `aud` (SDK v1 client with OAuth through the app's
 * authorization server); the token endpoint's grant for an allowed client, and its refusals:
 * unknown audience, scope escalation, garbage and revoked subject tokens, a client not allowed.
 */
describe('Token exchange (RFC 8693) for downstream APIs', () => {
  let demo: BootedDemo;
  let standIn: UpstreamStandIn;
  let api: DownstreamApiStandIn;
  let client: Client;
  let provider: TestOAuthProvider;

  beforeAll(async () => {
    standIn = await startUpstreamStandIn('github');
    const port = await freePort();
    const issuer = `http://127.0.0.1:${port}`;
    api = await startDownstreamApi(issuer, API, API_CLIENT);
    apiUrl = api.origin;
    const { origin, clientId, clientSecret } = standIn;
    const booted = await bootApp({
      port,
      imports: [
        AppModule.forRoot({
          origin: issuer,
          upstream: githubUpstream({ clientId, clientSecret, webUrl: origin, apiUrl: origin }),
          authorizationServer: {
            clients: [
              {
                clientId: EXCHANGER.id,
                clientSecret: EXCHANGER.secret,
                redirectUris: ['https://reports.example/callback'],
              },
              {
                clientId: API_CLIENT.clientId,
                clientSecret: API_CLIENT.clientSecret,
                redirectUris: ['https://api.internal/unused'],
              },
            ],
            tokenExchange: {
              audiences: [
                { resource: API, scopes: ['notes:read'] },
                { resource: 'https://reports.internal', scopes: ['notes:read', 'reports:read'] },
              ],
              clients: [EXCHANGER.id],
              ttlSeconds: 60,
            },
          },
        }),
      ],
      providers: [DownstreamTools],
    });
    demo = demoOf(booted, standIn, issuer);
    provider = new TestOAuthProvider({ refreshTokens: false, name: 'token-exchange' });
    const first = new StreamableHTTPClientTransport(demo.booted.url(), { authProvider: provider });
    await expect(new Client({ name: 'sdk', version: '1' }).connect(first)).rejects.toBeInstanceOf(
      UnauthorizedError,
    );
    const { redirect } = await new BrowserUser().walk(provider.pendingAuthorization, CLIENT_ORIGIN);
    await first.finishAuth(redirect!.searchParams.get('code')!);
    client = new Client({ name: 'sdk', version: '1' });
    await client.connect(
      new StreamableHTTPClientTransport(demo.booted.url(), { authProvider: provider }),
    );
  });
  afterAll(async () => {
    await client?.close();
    await demo?.close();
    await api?.close();
  });

  const subjectToken = () => provider.tokens()!.access_token;
  /** The allowed client's token request (`client_secret_basic`). */
  async function exchange(form: Record<string, string>) {
    const basic = Buffer.from(`${EXCHANGER.id}:${EXCHANGER.secret}`).toString('base64');
    const response = await fetch(`${demo.issuer}/oauth/token`, {
      method: 'POST',
      headers: {
        authorization: `Basic ${basic}`,
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: new URLSearchParams({ grant_type: GRANT, subject_token_type: ACCESS_TOKEN, ...form }),
    });
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  }

  it('a tool calls the downstream API with a token exchanged for the signed-in user', async () => {
    const result = await client.callTool({ name: 'downstream_me', arguments: {} });
    const seen = JSON.parse((result.content as Array<{ text: string }>)[0]!.text);
    expect(seen).toEqual({ sub: SUBJECT, scope: 'notes:read', act: { sub: `${demo.issuer}/mcp` } });
    const payload = api.accepted.at(-1)!;
    expect(payload.aud).toBe(API);
    expect(payload.exp! - payload.iat!).toBe(60);
  });

  it('an allowed client exchanges at the token endpoint (aud, sub, narrowed scope, act)', async () => {
    const answer = await exchange({ subject_token: subjectToken(), resource: API });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({
      issued_token_type: ACCESS_TOKEN,
      token_type: 'Bearer',
      expires_in: 60,
      scope: 'notes:read',
    });
    const claims = decodeJwt(answer.body.access_token as string);
    expect(claims).toMatchObject({ aud: API, sub: SUBJECT, act: { sub: EXCHANGER.id } });
    // The audience parameter names the target too, and the API accepts the token.
    const byAudience = await exchange({ subject_token: subjectToken(), audience: API });
    const me = await fetch(`${api.origin}/me`, {
      headers: { authorization: `Bearer ${byAudience.body.access_token as string}` },
    });
    expect(me.status).toBe(200);
    const mcp = await fetch(demo.booted.url(), {
      method: 'POST',
      headers: {
        authorization: `Bearer ${answer.body.access_token as string}`,
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
      },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'ping' }),
    });
    expect(mcp.status).toBe(401); // not a token for the MCP endpoint
  });

  it('refuses an unknown audience, scope escalation, a garbage token and a missing target', async () => {
    const token = subjectToken();
    expect(
      await exchange({ subject_token: token, resource: 'https://evil.example' }),
    ).toMatchObject({ status: 400, body: { error: 'invalid_target' } });
    // notes:write is the subject token's but not allowed for the API; reports:read is allowed
    // for the reports audience but not granted to the user.
    expect(
      await exchange({ subject_token: token, resource: API, scope: 'notes:read notes:write' }),
    ).toMatchObject({ status: 400, body: { error: 'invalid_scope' } });
    expect(
      await exchange({
        subject_token: token,
        resource: 'https://reports.internal',
        scope: 'reports:read',
      }),
    ).toMatchObject({ status: 400, body: { error: 'invalid_scope' } });
    expect(await exchange({ subject_token: 'not-a-token', resource: API })).toMatchObject({
      status: 400,
      body: { error: 'invalid_grant' },
    });
    expect(await exchange({ subject_token: token })).toMatchObject({
      status: 400,
      body: { error: 'invalid_request' },
    });
    expect(
      await exchange({ subject_token: token, resource: API, subject_token_type: 'urn:x' }),
    ).toMatchObject({ status: 400, body: { error: 'invalid_request' } });
  });

  it('refuses a client not allowed to exchange', async () => {
    const answer = await postForm(`${demo.issuer}/oauth/token`, {
      grant_type: GRANT,
      client_id: provider.clientInformation()!.client_id,
      subject_token: subjectToken(),
      subject_token_type: ACCESS_TOKEN,
      resource: API,
    });
    expect(answer.status).toBe(400);
    expect(answer.body.access_token).toBeUndefined();
  });

  it('advertises the grant in the metadata; an exchanged token names its grant and introspects active', async () => {
    const metadata = (await (
      await fetch(`${demo.issuer}/.well-known/oauth-authorization-server`)
    ).json()) as { grant_types_supported: string[]; introspection_endpoint?: string };
    expect(metadata.grant_types_supported).toContain(GRANT);
    expect(metadata.introspection_endpoint).toBe(`${demo.issuer}/oauth/introspect`);
    const answer = await exchange({ subject_token: subjectToken(), resource: API });
    const exchanged = String(answer.body.access_token);
    const grantId = decodeJwt(subjectToken()).grant_id;
    expect(typeof grantId).toBe('string');
    expect(decodeJwt(exchanged).grant_id).toBe(grantId);
    const checked = await fetch(`${api.origin}/me/checked`, {
      headers: { authorization: `Bearer ${exchanged}` },
    });
    expect(checked.status).toBe(200);
    // A public client (no secret) learns nothing by introspecting.
    const byPublic = await postForm(`${demo.issuer}/oauth/introspect`, {
      token: exchanged,
      client_id: provider.clientInformation()!.client_id,
    });
    expect(byPublic.body).toEqual({ active: false });
  });

  it('refuses a revoked subject token with invalid_grant, and its exchanged tokens introspect inactive', async () => {
    const token = subjectToken();
    const before = await exchange({ subject_token: token, resource: API });
    const exchanged = String(before.body.access_token);
    const call = (path: string) =>
      fetch(`${api.origin}${path}`, { headers: { authorization: `Bearer ${exchanged}` } });
    expect((await call('/me/checked')).status).toBe(200);
    const revoked = await postForm(`${demo.issuer}/oauth/revoke`, {
      token,
      client_id: provider.clientInformation()!.client_id,
    });
    expect(revoked.status).toBe(200);
    expect(await exchange({ subject_token: token, resource: API })).toMatchObject({
      status: 400,
      body: { error: 'invalid_grant' },
    });
    // Revoked with the grant: an API that introspects refuses it at once; one that checks only
    // the signature accepts it until it expires (ttlSeconds).
    expect((await call('/me/checked')).status).toBe(401);
    expect((await call('/me')).status).toBe(200);
  });
});
