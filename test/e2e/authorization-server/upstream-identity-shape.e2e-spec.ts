import { oidcUpstream } from '../../../lib/index.js';
import { BrowserUser } from './support/browser-user.js';
import { bootDemo, type BootedDemo } from './support/boot-demo.js';
import { authorizationUrl, pkce, RAW_REDIRECT, register } from './support/raw-oauth.js';
import type { UpstreamKind } from './support/upstream-stand-in.js';

const CLIENT_ORIGIN = new URL(RAW_REDIRECT).origin;

/** Where a sign-in of the stand-in's next user (with upstream id `id`) stops. */
async function signInAs(demo: BootedDemo, id: string) {
  demo.upstream.user = { ...demo.upstream.user, id };
  const { body } = await register(demo.issuer);
  const url = authorizationUrl(demo.issuer, {
    client_id: String(body.client_id),
    scope: 'notes:read',
    code_challenge: pkce().challenge,
    code_challenge_method: 'S256',
  });
  return new BrowserUser().walk(url, CLIENT_ORIGIN);
}

const CASES: Array<{
  label: string;
  kind: UpstreamKind;
  oidc: boolean;
  refused: string[];
  accepted: string;
  says: string;
}> = [
  {
    label: 'GitHub (numeric user ids)',
    kind: 'github',
    oidc: false,
    refused: ['1<script>alert(1)</script>', '12a', '-5', '1'.repeat(30)],
    accepted: '583231',
    says: 'Cannot sign in with GitHub',
  },
  {
    label: 'Google (sub of digits)',
    kind: 'google',
    oidc: false,
    refused: ['1<script>', 'abc', ''.padEnd(256, '1')],
    accepted: '110169484474386276334',
    says: 'Cannot sign in with Google',
  },
  {
    label: 'any OpenID Connect provider (sub: printable ASCII, at most 255)',
    kind: 'google',
    oidc: true,
    refused: ['a\u0001b', 'a b', 'é', 'x'.repeat(256)],
    accepted: 'auth0|5f7c8ec7c33c6c004bbafe82',
    says: 'Cannot sign in with Okta',
  },
];

describe.each(CASES)(
  'McpAuthorizationServerModule: upstream ids checked for shape, $label',
  ({ kind, oidc, refused, accepted, says }) => {
    let demo: BootedDemo;
    beforeAll(async () => {
      demo = await bootDemo(kind, (standIn) => ({
        rateLimits: false,
        ...(oidc && {
          upstream: oidcUpstream({
            name: 'okta',
            label: 'Okta',
            issuer: standIn.origin,
            clientId: standIn.clientId,
            clientSecret: standIn.clientSecret,
          }),
        }),
      }));
    });
    afterAll(() => demo.close());

    it.each(refused)(
      'refuses the sign-in of id %j with a page that says so, issuing nothing',
      async (id) => {
        const { redirect, page } = await signInAs(demo, id);
        expect(redirect).toBeUndefined();
        expect(page?.status).toBe(502);
        expect(page?.html).toContain(says);
        expect(page?.html).toContain('is not a valid user id');
        expect(page?.html).not.toContain('<script>');
      },
    );

    it('control: signs in a well-formed id', async () => {
      const { redirect } = await signInAs(demo, accepted);
      expect(redirect?.searchParams.get('code')).toEqual(expect.any(String));
    });
  },
);
