import 'reflect-metadata';
import { UnauthorizedError } from '@modelcontextprotocol/sdk/client/auth.js';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { ElicitationCompleteNotificationSchema } from '@modelcontextprotocol/sdk/types.js';
import { randomBytes } from 'node:crypto';
import {
  githubUpstream,
  inMemoryAuthorizationStore,
  type McpAuthorizationStore,
} from '../../../lib/index.js';
import { AesGcmKeyRing } from '../../../lib/engine/aes-gcm-key-ring.js';
import {
  sealUpstreamTokens,
  upstreamRecordId,
} from '../../../lib/authorization-server/upstream-tokens/sealed-upstream-tokens.js';
import { UPSTREAM_TOKENS_MODEL } from '../../../lib/authorization-server/upstream-tokens/upstream-token-vault.js';
import { AppModule } from '../../../sample/11-authorization-server/src/app.module.js';
import { bootApp } from '../nest/support/nest-app.js';
import { TestOAuthProvider } from '../nest/support/sdk-oauth-provider.js';
import { freePort } from '../support/free-port.js';
import { waitFor } from '../support/wait.js';
import { BrowserUser } from './support/browser-user.js';
import { demoOf, type BootedDemo } from './support/boot-demo.js';
import { CapturingLogger } from './support/capturing-logger.js';
import { issuesApi, IssuesTools } from './support/issues-tools.js';
import { startUpstreamStandIn, type UpstreamStandIn } from './support/upstream-stand-in.js';

const CLIENT_ORIGIN = 'http://127.0.0.1:9';
const SUBJECT = 'github:583231';

/**
 * Upstream tokens kept for tools: a tool calls a GitHub-shaped API with the user's upstream
 * token (SDK v1 client with OAuth through the app's authorization server), the token renewed
 * after it expired (once for concurrent calls), a revoked upstream grant ending in a URL
 * elicitation that signs the user in again, a tampered record and a record sealed under another
 * key asking the same; no token in the logs, the replies or anything the client saw.
 */
describe('Upstream tokens kept for tools (keepTokens, ctx.auth.upstreamToken)', () => {
  let demo: BootedDemo;
  let standIn: UpstreamStandIn;
  let store: McpAuthorizationStore;
  const logger = new CapturingLogger();
  const keys = [randomBytes(32), randomBytes(32)];
  const seen: string[] = [];
  const completed: string[] = [];
  let client: Client;
  let provider: TestOAuthProvider;

  async function connect(capabilities: Record<string, unknown>): Promise<Client> {
    const transport = new StreamableHTTPClientTransport(demo.booted.url(), {
      authProvider: provider,
    });
    const next = new Client({ name: 'sdk', version: '1' }, { capabilities });
    next.setNotificationHandler(ElicitationCompleteNotificationSchema, (n) => {
      completed.push(n.params.elicitationId);
    });
    await next.connect(transport);
    const deliver = transport.onmessage!;
    transport.onmessage = (message) => {
      seen.push(JSON.stringify(message));
      deliver(message);
    };
    return next;
  }

  beforeAll(async () => {
    standIn = await startUpstreamStandIn('github');
    standIn.accessTtlSeconds = 3;
    issuesApi.url = standIn.origin;
    store = inMemoryAuthorizationStore();
    const port = await freePort();
    const issuer = `http://127.0.0.1:${port}`;
    const { origin, clientId, clientSecret } = standIn;
    const booted = await bootApp({
      port,
      logger,
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
          authorizationServer: { store, upstreamTokens: { keys } },
        }),
      ],
      providers: [IssuesTools],
    });
    demo = demoOf(booted, standIn, issuer);
    // Sign in: the SDK registers, the user signs in at the stand-in and consents.
    provider = new TestOAuthProvider({ refreshTokens: false, name: 'upstream-tokens' });
    const first = new StreamableHTTPClientTransport(demo.booted.url(), { authProvider: provider });
    await expect(new Client({ name: 'sdk', version: '1' }).connect(first)).rejects.toBeInstanceOf(
      UnauthorizedError,
    );
    const { redirect } = await new BrowserUser().walk(provider.pendingAuthorization, CLIENT_ORIGIN);
    await first.finishAuth(redirect!.searchParams.get('code')!);
    client = await connect({ elicitation: { url: {} } });
  });
  afterAll(async () => {
    await client?.close();
    await demo?.close();
  });

  const issues = async (on = client) =>
    (await on.callTool({ name: 'my_issues', arguments: {} })).content;
  const expired = () => new Promise((resolve) => setTimeout(resolve, 3_100));

  it('calls the upstream API with the user token, renewed once after it expired', async () => {
    expect(await issues()).toEqual([{ type: 'text', text: 'Fix the login of octocat' }]);
    await expired(); // the stand-in now refuses that access token
    const before = standIn.refreshes;
    const answers = await Promise.all([issues(), issues(), issues(), issues()]);
    for (const answer of answers) {
      expect(answer).toEqual([{ type: 'text', text: 'Fix the login of octocat' }]);
    }
    // Single flight: one renewal for the four calls (the stand-in rotates refresh tokens, so a
    // second renewal with the same refresh token would have been refused).
    expect(standIn.refreshes).toBe(before + 1);
  });

  /** The -32042 of a call, its URL walked by the user, and the call working again. */
  async function signInAgainThroughElicitation() {
    const failure = (await client
      .callTool({ name: 'my_issues', arguments: {} })
      .catch((e: unknown) => e)) as {
      code: number;
      data: { elicitations: Array<{ url: string; elicitationId: string; mode: string }> };
    };
    expect(failure).toMatchObject({ code: -32042 });
    const [elicitation] = failure.data.elicitations;
    expect(elicitation!.mode).toBe('url');
    const url = new URL(elicitation!.url);
    expect(url.origin + url.pathname).toBe(`${demo.issuer}/oauth/reconnect/github`);
    const walked = await new BrowserUser().walk(url, CLIENT_ORIGIN);
    expect(walked.page).toMatchObject({ status: 200 });
    expect(walked.page!.html).toContain('Signed in with GitHub');
    await waitFor(() => completed.includes(elicitation!.elicitationId), {
      description: 'notifications/elicitation/complete',
    });
    expect(await issues()).toEqual([{ type: 'text', text: 'Fix the login of octocat' }]);
  }

  it('a revoked upstream grant (refresh refused) ends in a URL elicitation that signs the user in again', async () => {
    standIn.revokeGrants();
    await expired();
    await signInAgainThroughElicitation();
  });

  it('a client without URL elicitation gets the typed sign-in-required error', async () => {
    standIn.revokeGrants();
    await expired();
    const plain = await connect({});
    try {
      await expect(plain.callTool({ name: 'my_issues', arguments: {} })).rejects.toMatchObject({
        code: -32600,
        message: expect.stringContaining('Sign in with github again'),
      });
    } finally {
      await plain.close();
    }
    await signInAgainThroughElicitation();
  });

  it('a tampered record asks the user to sign in again, and so does one sealed under another key', async () => {
    const id = upstreamRecordId(SUBJECT, 'github');
    const record = (await store(UPSTREAM_TOKENS_MODEL).find(id))!;
    const sealed = record.sealed as string;
    const flipped = sealed.slice(0, 20) + (sealed[20] === 'A' ? 'B' : 'A') + sealed.slice(21);
    await store(UPSTREAM_TOKENS_MODEL).upsert(id, { ...record, sealed: flipped }, 3600);
    await signInAgainThroughElicitation();
    expect(logger.text()).toContain('cannot be opened');

    const otherKey = new AesGcmKeyRing([randomBytes(32)], 'test');
    const foreign = sealUpstreamTokens(otherKey, SUBJECT, 'github', { access_token: 'x' });
    await store(UPSTREAM_TOKENS_MODEL).upsert(id, { upstream: 'github', sealed: foreign }, 3600);
    await signInAgainThroughElicitation();
  });

  it('kept tokens are sealed at rest and never in the logs, the replies or what the client saw', async () => {
    expect(standIn.issued.length).toBeGreaterThan(4);
    const record = await store(UPSTREAM_TOKENS_MODEL).find(upstreamRecordId(SUBJECT, 'github'));
    const stored = JSON.stringify(record);
    const logs = logger.text();
    const client = seen.join('\n');
    expect(seen.length).toBeGreaterThan(5);
    for (const token of standIn.issued) {
      expect(stored).not.toContain(token);
      expect(logs).not.toContain(token);
      expect(client).not.toContain(token);
    }
  });
});
