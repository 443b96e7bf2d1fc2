import { createHash, randomBytes } from 'node:crypto';
import { UpstreamSignInError } from './upstream-error.js';
import { stringField, upstreamJson } from './upstream-fetch.js';
import type { McpUpstreamProvider, UpstreamTokens } from './upstream-provider.interface.js';

/** What the browser must bring back from the upstream: kept in a signed cookie. */
export interface UpstreamAttempt {
  /** The interaction being signed in. */
  uid: string;
  /** The upstream's name. */
  provider: string;
  /** The `state` sent upstream (CSRF). */
  state: string;
  /** The PKCE verifier of the upstream authorization. */
  verifier: string;
  /** Set when the user signs in again to renew kept tokens (`uid` is then empty). */
  reconnect?: { subject: string; elicitationId: string; grantId?: string };
}

/**
 * Starts a sign-in at the upstream: a fresh `state` and PKCE (S256) pair, and the URL to send
 * the browser to. The attempt is what the callback checks.
 */
export async function startUpstreamSignIn(
  upstream: McpUpstreamProvider,
  uid: string,
  redirectUri: string,
): Promise<{ url: string; attempt: UpstreamAttempt }> {
  const state = randomBytes(24).toString('base64url');
  const verifier = randomBytes(32).toString('base64url');
  const url = new URL(await upstream.authorizationEndpoint());
  url.searchParams.set('response_type', 'code');
  url.searchParams.set('client_id', upstream.clientId);
  url.searchParams.set('redirect_uri', redirectUri);
  url.searchParams.set('scope', upstream.scope);
  url.searchParams.set('state', state);
  url.searchParams.set('code_challenge', createHash('sha256').update(verifier).digest('base64url'));
  url.searchParams.set('code_challenge_method', 'S256');
  return { url: url.href, attempt: { uid, provider: upstream.name, state, verifier } };
}

/** Exchanges the upstream's code for its tokens (`client_secret_post` + PKCE). */
export function exchangeUpstreamCode(
  upstream: McpUpstreamProvider,
  code: string,
  attempt: UpstreamAttempt,
  redirectUri: string,
): Promise<UpstreamTokens> {
  return upstreamTokenCall(upstream, 'Exchanging the sign-in code', {
    grant_type: 'authorization_code',
    code,
    redirect_uri: redirectUri,
    code_verifier: attempt.verifier,
  });
}

/**
 * Renews the upstream access with a kept refresh token (RFC 6749 §6). An upstream that refuses
 * (a 4xx, or GitHub's 200 with `error`) gives an {@link UpstreamSignInError} with a 4xx `status`.
 */
export function refreshUpstreamTokens(
  upstream: McpUpstreamProvider,
  refreshToken: string,
): Promise<UpstreamTokens> {
  return upstreamTokenCall(upstream, 'Renewing the access', {
    grant_type: 'refresh_token',
    refresh_token: refreshToken,
  });
}

/** One call to the upstream's token endpoint; the tokens it answers, never in an error. */
async function upstreamTokenCall(
  upstream: McpUpstreamProvider,
  what: string,
  params: Record<string, string>,
): Promise<UpstreamTokens> {
  const body = new URLSearchParams({ ...params, client_id: upstream.clientId });
  if (upstream.clientSecret !== undefined) body.set('client_secret', upstream.clientSecret);
  const tokens = await upstreamJson(upstream.name, what, await upstream.tokenEndpoint(), {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body,
  });
  const accessToken = stringField(tokens, 'access_token');
  if (!accessToken) {
    // GitHub answers 200 with `error` for a bad code or refresh token.
    throw new UpstreamSignInError(
      `The identity provider refused the sign-in (${stringField(tokens, 'error') ?? 'no access token'})`,
      upstream.name,
      { status: 400 },
    );
  }
  const idToken = stringField(tokens, 'id_token');
  const refreshToken = stringField(tokens, 'refresh_token');
  const expiresIn = Number(tokens.expires_in);
  return {
    access_token: accessToken,
    ...(idToken !== undefined && { id_token: idToken }),
    ...(refreshToken !== undefined && { refresh_token: refreshToken }),
    ...(Number.isFinite(expiresIn) && expiresIn > 0 && { expires_in: expiresIn }),
  };
}
