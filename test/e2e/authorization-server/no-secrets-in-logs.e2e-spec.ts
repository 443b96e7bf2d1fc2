import { BrowserUser } from './support/browser-user.js';
import { bootDemo } from './support/boot-demo.js';
import { CapturingLogger } from './support/capturing-logger.js';
import { authorizationUrl, pkce, postForm, RAW_REDIRECT, register } from './support/raw-oauth.js';

describe('McpAuthorizationServerModule: no tokens, codes or secrets in the logs', () => {
  it('logs failures by message only through a whole flow, a reuse and an upstream outage', async () => {
    const logger = new CapturingLogger();
    const demo = await bootDemo('github', {}, 'express', undefined, logger);
    const secrets: string[] = [demo.upstream.clientSecret];
    try {
      const clientId = String((await register(demo.issuer)).body.client_id);
      const { verifier, challenge } = pkce();
      const { redirect } = await new BrowserUser().walk(
        authorizationUrl(demo.issuer, {
          client_id: clientId,
          scope: 'notes:read',
          resource: demo.resource,
          code_challenge: challenge,
          code_challenge_method: 'S256',
        }),
        new URL(RAW_REDIRECT).origin,
      );
      const code = redirect!.searchParams.get('code')!;
      const tokens = await postForm(`${demo.issuer}/oauth/token`, {
        grant_type: 'authorization_code',
        code,
        redirect_uri: RAW_REDIRECT,
        code_verifier: verifier,
        client_id: clientId,
      });
      const refresh = String(tokens.body.refresh_token);
      secrets.push(code, verifier, String(tokens.body.access_token), refresh);
      const form = { grant_type: 'refresh_token', refresh_token: refresh, client_id: clientId };
      await postForm(`${demo.issuer}/oauth/token`, form);
      await postForm(`${demo.issuer}/oauth/token`, form); // reuse

      // An outage: the sign-in fails and is logged.
      const user = new BrowserUser();
      const atGitHub = await user.walk(
        authorizationUrl(demo.issuer, {
          client_id: clientId,
          scope: 'notes:read',
          code_challenge: challenge,
          code_challenge_method: 'S256',
        }),
        demo.upstream.origin,
      );
      await demo.upstream.close();
      const back = new URL(`${demo.issuer}/oauth/callback/github`);
      back.searchParams.set('code', 'upstream-code-123');
      back.searchParams.set('state', atGitHub.redirect!.searchParams.get('state')!);
      secrets.push('upstream-code-123');
      expect((await user.walk(back, new URL(RAW_REDIRECT).origin)).page!.status).toBe(502);

      const logged = logger.text();
      expect(logged).toContain('Sign-in with GitHub failed');
      for (const secret of secrets) expect(logged).not.toContain(secret);
    } finally {
      await demo.close();
    }
  });
});
