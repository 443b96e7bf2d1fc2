import { exportJWK, generateKeyPair } from 'jose';
import { bootDemo, type BootedDemo } from './support/boot-demo.js';
import { DURABLE_STORES, type DurableStore } from './support/durable-stores.js';
import { signInAsNewClient } from './support/new-client-sign-in.js';
import { postForm } from './support/raw-oauth.js';

describe.each(DURABLE_STORES)('McpAuthorizationServerModule on the %s store', (_name, open) => {
  let durable: DurableStore;
  let signingKey: Record<string, unknown>;

  beforeAll(async () => {
    durable = await open();
    const { privateKey } = await generateKeyPair('ES256', { extractable: true });
    signingKey = { ...(await exportJWK(privateKey)), alg: 'ES256', use: 'sig', kid: 'k1' };
  });
  afterAll(() => durable?.close());

  /** One instance of the app on the shared store and keys (what a restart or a peer sees). */
  const instance = (port?: number) =>
    bootDemo(
      'github',
      {
        store: durable.store,
        signingKeys: [signingKey],
        cookieKeys: ['a-cookie-key-shared-by-instances'],
      },
      'express',
      port,
    );

  it('keeps clients, grants and refresh tokens across a restart; reuse still revokes the family', async () => {
    let demo: BootedDemo = await instance();
    const port = Number(new URL(demo.issuer).port);
    const { clientId, tokens } = await signInAsNewClient(demo.issuer, demo.resource, 'notes:read');
    expect(tokens.status).toBe(200);
    expect(await durable.refreshTokens()).toBe(1);

    await demo.close(); // restart: a new process would see only the store
    demo = await instance(port);
    // fetch may hold a pooled socket to the closed instance: let it find out once.
    await fetch(`${demo.issuer}/.well-known/openid-configuration`).catch(() => undefined);
    try {
      const refresh = (token: unknown) =>
        postForm(`${demo.issuer}/oauth/token`, {
          grant_type: 'refresh_token',
          refresh_token: String(token),
          client_id: clientId,
        });
      const rotated = await refresh(tokens.body.refresh_token);
      expect(rotated.status).toBe(200); // the client and the grant survived the restart
      expect((await refresh(tokens.body.refresh_token)).body.error).toBe('invalid_grant');
      expect((await refresh(rotated.body.refresh_token)).body.error).toBe('invalid_grant');
    } finally {
      await demo.close();
    }
  });
});
