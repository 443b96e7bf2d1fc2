import * as jose from 'jose';
import { dpopFetch } from '../../../../../lib/client/auth/dpop/dpop-fetch.js';
import { DpopSession } from '../../../../../lib/client/auth/dpop/dpop-session.js';
import { fakeFetch, json } from '../fake-fetch.js';

const TOKEN_URL = new URL('https://as.example/token');
const post = {
  method: 'POST',
  headers: { 'content-type': 'application/x-www-form-urlencoded' },
  body: 'grant_type=authorization_code',
};
const useNonce = (nonce: string) => () =>
  json(400, { error: 'use_dpop_nonce' }, { 'DPoP-Nonce': nonce });

describe('dpopFetch (token requests under DPoP, RFC 9449 §5, §8)', () => {
  it('adds a fresh proof for POST to the token endpoint', async () => {
    const server = fakeFetch([() => json(200, { access_token: 'a', token_type: 'DPoP' })]);
    const response = await dpopFetch(new DpopSession(), server.fetch)(TOKEN_URL, post);
    expect(response.status).toBe(200);
    const proof = server.seen[0]!.headers.get('dpop')!;
    expect(jose.decodeJwt(proof)).toMatchObject({ htm: 'POST', htu: TOKEN_URL.href });
    expect(server.seen[0]!.body).toBe('grant_type=authorization_code');
  });

  it('retries once with the nonce of a use_dpop_nonce answer, and keeps it for later', async () => {
    const server = fakeFetch([useNonce('n-1'), () => json(200, { access_token: 'a' })]);
    const session = new DpopSession();
    const response = await dpopFetch(session, server.fetch)(TOKEN_URL, post);
    expect(response.status).toBe(200);
    expect(server.seen).toHaveLength(2);
    expect(jose.decodeJwt(server.seen[0]!.headers.get('dpop')!).nonce).toBeUndefined();
    expect(jose.decodeJwt(server.seen[1]!.headers.get('dpop')!).nonce).toBe('n-1');
    expect(session.nonces.get(TOKEN_URL)).toBe('n-1');
  });

  it('stops after one retry when the server keeps asking (no nonce loop)', async () => {
    let n = 0;
    const server = fakeFetch([() => useNonce(`n-${++n}`)()]);
    const response = await dpopFetch(new DpopSession(), server.fetch)(TOKEN_URL, post);
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ error: 'use_dpop_nonce' });
    expect(server.seen).toHaveLength(2);
  });

  it('does not retry other errors, nor a use_dpop_nonce without a new nonce', async () => {
    const other = fakeFetch([() => json(400, { error: 'invalid_grant' }, { 'DPoP-Nonce': 'n' })]);
    expect((await dpopFetch(new DpopSession(), other.fetch)(TOKEN_URL, post)).status).toBe(400);
    expect(other.seen).toHaveLength(1);
    const bare = fakeFetch([() => json(400, { error: 'use_dpop_nonce' })]);
    expect((await dpopFetch(new DpopSession(), bare.fetch)(TOKEN_URL, post)).status).toBe(400);
    expect(bare.seen).toHaveLength(1);
  });

  it('leaves requests that are no token request alone', async () => {
    const server = fakeFetch([() => json(200, {})]);
    const fetchFn = dpopFetch(new DpopSession(), server.fetch);
    await fetchFn(new URL('https://as.example/.well-known/oauth-authorization-server'));
    await fetchFn(new URL('https://as.example/register'), {
      method: 'POST',
      body: '{}',
      headers: { 'content-type': 'application/json' },
    });
    expect(server.seen.map((r) => r.headers.get('dpop'))).toEqual([null, null]);
  });
});
