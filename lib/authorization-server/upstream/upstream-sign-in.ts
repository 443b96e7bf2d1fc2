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
export async function exchangeUpstreamCode(
  upstream: McpUpstreamProvider,
  code: string,
  attempt: UpstreamAttempt,
  redirectUri: string,
): Promise<UpstreamTokens> {
  const body = new URLSearchParams({
    grant_type: 'authorization_code',
    code,
    redirect_uri: redirectUri,
    client_id: upstream.clientId,
    code_verifier: attempt.verifier,
  });
  if (upstream.clientSecret !== undefined) body.set('client_secret', upstream.clientSecret);
  const tokens = await upstreamJson(
    upstream.name,
    'Exchanging the sign-in code',
    await upstream.tokenEndpoint(),
    {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body,
    },
  );
  const accessToken = stringField(tokens, 'access_token');
  if (!accessToken) {
    // GitHub answers 200 with `error` for a bad code.
    throw new UpstreamSignInError(
      `The identity provider refused the sign-in (${stringField(tokens, 'error') ?? 'no access token'})`,
      upstream.name,
    );
  }
  const idToken = stringField(tokens, 'id_token');
  return { access_token: accessToken, ...(idToken !== undefined && { id_token: idToken }) };
}
