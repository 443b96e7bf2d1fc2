import { createHash } from 'node:crypto';
import * as jose from 'jose';
import {
  DpopHttpAuth,
  isUseDpopNonce,
} from '../../../../../lib/client/auth/dpop/dpop-http-auth.js';
import { DpopSession } from '../../../../../lib/client/auth/dpop/dpop-session.js';
import type {
  McpHttpAuth,
  McpHttpAuthChallenge,
} from '../../../../../lib/client/auth/http-auth.interface.js';
import { McpAuthError } from '../../../../../lib/errors/mcp-auth.error.js';

const url = new URL('https://rs.example/mcp?session=1');
const request = { method: 'POST', url };
const nonceChallenge: McpHttpAuthChallenge = {
  status: 401,
  method: 'POST',
  url,
  wwwAuthenticate: 'DPoP error="use_dpop_nonce", error_description="nonce required"',
};

/** An inner auth that presents `authorization` and records what it was asked. */
function innerAuth(authorization?: string) {
  const challenges: McpHttpAuthChallenge[] = [];
  const statuses: number[] = [];
  const auth: McpHttpAuth = {
    headersFor: () =>
      Promise.resolve<Record<string, string>>(authorization ? { authorization } : {}),
    onChallenge: (challenge) => {
      challenges.push(challenge);
      return Promise.resolve(true);
    },
    onResponse: (response) => void statuses.push(response.status),
  };
  return { auth, challenges, statuses };
}

const response = (status: number, nonce?: string) => ({
  status,
  url,
  header: (name: string) => (name.toLowerCase() === 'dpop-nonce' ? nonce : undefined),
});

describe('DpopHttpAuth (DPoP on MCP requests, RFC 9449 §7, §9)', () => {
  it('sends a DPoP token with a proof whose ath is the token hash and htu has no query', async () => {
    const auth = new DpopHttpAuth(innerAuth('DPoP tok-1').auth, new DpopSession());
    const headers = await auth.headersFor(request);
    expect(headers.Authorization).toBe('DPoP tok-1');
    expect(headers).not.toHaveProperty('authorization');
    const claims = jose.decodeJwt(headers.DPoP!);
    expect(claims).toMatchObject({ htm: 'POST', htu: 'https://rs.example/mcp' });
    expect(claims.ath).toBe(createHash('sha256').update('tok-1').digest('base64url'));
    const again = await auth.headersFor(request);
    expect(jose.decodeJwt(again.DPoP!).jti).not.toBe(claims.jti);
  });

  it('leaves a Bearer token and a request without token alone', async () => {
    const bearer = new DpopHttpAuth(innerAuth('Bearer b').auth, new DpopSession());
    expect(await bearer.headersFor(request)).toEqual({ authorization: 'Bearer b' });
    const none = new DpopHttpAuth(innerAuth().auth, new DpopSession());
    expect(await none.headersFor(request)).toEqual({});
  });

  it('retries a use_dpop_nonce refusal with the new nonce in the next proof', async () => {
    const inner = innerAuth('DPoP tok');
    const auth = new DpopHttpAuth(inner.auth, new DpopSession());
    await auth.headersFor(request);
    auth.onResponse(response(401, 'rs-nonce'));
    expect(await auth.onChallenge(nonceChallenge)).toBe(true);
    expect(inner.challenges).toEqual([]); // the nonce dance is not the inner auth's business
    expect(inner.statuses).toEqual([401]); // but it saw the answer
    const headers = await auth.headersFor(request);
    expect(jose.decodeJwt(headers.DPoP!).nonce).toBe('rs-nonce');
  });

  it('gives up with McpAuthError use_dpop_nonce when the server refuses its own nonce again', async () => {
    const auth = new DpopHttpAuth(innerAuth('DPoP tok').auth, new DpopSession());
    await auth.headersFor(request);
    auth.onResponse(response(401, 'n'));
    expect(await auth.onChallenge(nonceChallenge)).toBe(true);
    await auth.headersFor(request); // sent with "n"
    auth.onResponse(response(401, 'n'));
    const refusal = auth.onChallenge(nonceChallenge);
    await expect(refusal).rejects.toBeInstanceOf(McpAuthError);
    await expect(refusal).rejects.toMatchObject({ code: 'use_dpop_nonce', status: 401 });
  });

  it('bounds a server that answers a new nonce to every proof', async () => {
    const auth = new DpopHttpAuth(innerAuth('DPoP tok').auth, new DpopSession());
    let outcome: unknown;
    for (let i = 0; i < 5 && outcome === undefined; i++) {
      await auth.headersFor(request);
      auth.onResponse(response(401, `n-${i}`));
      outcome = await auth.onChallenge(nonceChallenge).then(
        () => undefined,
        (error: unknown) => error,
      );
    }
    expect(outcome).toMatchObject({ code: 'use_dpop_nonce' });
  });

  it('parallel requests refused with the same new nonce are all retried', async () => {
    const auth = new DpopHttpAuth(innerAuth('DPoP tok').auth, new DpopSession());
    for (let i = 0; i < 3; i++) await auth.headersFor(request); // three in flight, no nonce
    auth.onResponse(response(401, 'rotated'));
    for (let i = 0; i < 3; i++) expect(await auth.onChallenge(nonceChallenge)).toBe(true);
  });

  it('a use_dpop_nonce without a DPoP-Nonce header is refused at once', async () => {
    const auth = new DpopHttpAuth(innerAuth('DPoP tok').auth, new DpopSession());
    await auth.headersFor(request);
    auth.onResponse(response(401));
    await expect(auth.onChallenge(nonceChallenge)).rejects.toMatchObject({
      code: 'use_dpop_nonce',
    });
  });

  it('hands every other challenge to the inner auth', async () => {
    const inner = innerAuth();
    const auth = new DpopHttpAuth(inner.auth, new DpopSession());
    const challenge: McpHttpAuthChallenge = {
      ...nonceChallenge,
      wwwAuthenticate: 'DPoP resource_metadata="https://rs.example/.well-known/x"',
    };
    expect(await auth.onChallenge(challenge)).toBe(true);
    expect(inner.challenges).toEqual([challenge]);
  });

  it.each([
    ['DPoP error="use_dpop_nonce"', true],
    ['Bearer realm="x", DPoP error=use_dpop_nonce, algs="ES256"', true],
    ['Bearer error="use_dpop_nonce"', false],
    ['DPoP error="invalid_token"', false],
    [undefined, false],
  ])('isUseDpopNonce(%j) is %s', (header, expected) => {
    expect(isUseDpopNonce(header)).toBe(expected);
  });
});
