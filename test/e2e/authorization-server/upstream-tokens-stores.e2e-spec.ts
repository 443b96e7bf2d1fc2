import 'reflect-metadata';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { randomBytes } from 'node:crypto';
import { githubUpstream } from '../../../lib/index.js';
import { upstreamRecordId } from '../../../lib/authorization-server/upstream-tokens/sealed-upstream-tokens.js';
import { UPSTREAM_TOKENS_MODEL } from '../../../lib/authorization-server/upstream-tokens/upstream-token-vault.js';
import { AppModule } from '../../../sample/11-authorization-server/src/app.module.js';
import { bootApp } from '../nest/support/nest-app.js';
import { freePort } from '../support/free-port.js';
import { demoOf, type BootedDemo } from './support/boot-demo.js';
import { ALL_STORES, type DurableStore } from './support/durable-stores.js';
import { issuesApi, IssuesTools } from './support/issues-tools.js';
import { signInAsNewClient } from './support/new-client-sign-in.js';
import { postForm } from './support/raw-oauth.js';
import { startUpstreamStandIn, type UpstreamStandIn } from './support/upstream-stand-in.js';

import.meta.jest.setTimeout(60_000);

const SUBJECT = 'github:583231';
const ISSUES = [{ type: 'text', text: 'Fix the login of octocat' }];

/**
 * The kept upstream tokens on every authorization store (memory, Redis, PostgreSQL, MariaDB):
 * the sealed record kept at sign-in and owned by the grant, read by a tool (official SDK client
 * with the app's access token), renewed after it expired (same grant, new seal), and deleted
 * when the grant is revoked (RFC 7009 revocation of the refresh token).
 */
describe.each(ALL_STORES)('Kept upstream tokens on the %s store', (_name, open) => {
  let durable: DurableStore;
  let standIn: UpstreamStandIn;
  let demo: BootedDemo;

  beforeAll(async () => {
    durable = await open();
    standIn = await startUpstreamStandIn('github');
    standIn.accessTtlSeconds = 2;
    issuesApi.url = standIn.origin;
    const port = await freePort();
    const issuer = `http://127.0.0.1:${port}`;
    const { origin, clientId, clientSecret } = standIn;
    const booted = await bootApp({
      port,
      imports: [
        AppModule.forRoot({
          origin: issuer,
          upstream: githubUpstream({
            clientId,
            clientSecret,
            webUrl: origin,
            apiUrl: origin,
            keepTokens: true,
          }),
          authorizationServer: {
            store: durable.store,
            upstreamTokens: { keys: [randomBytes(32)] },
          },
        }),
      ],
      providers: [IssuesTools],
    });
    demo = demoOf(booted, standIn, issuer);
  });
  afterAll(async () => {
    await demo?.close();
    await durable?.close();
  });

  const kept = () => durable.store(UPSTREAM_TOKENS_MODEL).find(upstreamRecordId(SUBJECT, 'github'));

  it('keeps the sealed record, reads and renews it for a tool, and deletes it with the grant', async () => {
    const { clientId, tokens } = await signInAsNewClient(
      demo.issuer,
      demo.resource,
      'notes:read offline_access',
      'consent',
    );
    expect(tokens.status).toBe(200);
    const accessToken = String(tokens.body.access_token);

    const record = await kept();
    expect(record).toMatchObject({ upstream: 'github', sealed: expect.stringMatching(/^v1\./) });
    expect(typeof record!.grantId).toBe('string');
    for (const token of standIn.issued) expect(JSON.stringify(record)).not.toContain(token);

    const client = new Client({ name: 'sdk', version: '1' });
    await client.connect(
      new StreamableHTTPClientTransport(demo.booted.url(), {
        requestInit: { headers: { authorization: `Bearer ${accessToken}` } },
      }),
    );
    try {
      expect((await client.callTool({ name: 'my_issues', arguments: {} })).content).toEqual(ISSUES);
      await new Promise((resolve) => setTimeout(resolve, 2_100)); // the upstream token expires
      const before = standIn.refreshes;
      expect((await client.callTool({ name: 'my_issues', arguments: {} })).content).toEqual(ISSUES);
      expect(standIn.refreshes).toBe(before + 1);
      const renewed = await kept();
      expect(renewed!.grantId).toBe(record!.grantId); // still the grant's
      expect(renewed!.sealed).not.toBe(record!.sealed);
    } finally {
      await client.close();
    }

    const revoked = await postForm(`${demo.issuer}/oauth/revoke`, {
      token: String(tokens.body.refresh_token),
      token_type_hint: 'refresh_token',
      client_id: clientId,
    });
    expect(revoked.status).toBe(200);
    expect(await kept()).toBeUndefined();
  });
});
