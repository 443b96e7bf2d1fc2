import { BrowserUser } from './browser-user.js';
import { authorizationUrl, pkce, postForm, RAW_REDIRECT, register } from './raw-oauth.js';

/**
 * A client registered by DCR at `issuer`, its user walked through sign-in and consent for
 * `scope` (`prompt`: e.g. `consent`), and the code redeemed: the client id and the token answer.
 */
export async function signInAsNewClient(
  issuer: string,
  resource: string,
  scope: string,
  prompt?: string,
): Promise<{ clientId: string; tokens: Awaited<ReturnType<typeof postForm>> }> {
  const { body } = await register(issuer);
  const clientId = String(body.client_id);
  const { verifier, challenge } = pkce();
  const { redirect } = await new BrowserUser().walk(
    authorizationUrl(issuer, {
      client_id: clientId,
      scope,
      resource,
      ...(prompt !== undefined && { prompt }),
      code_challenge: challenge,
      code_challenge_method: 'S256',
    }),
    new URL(RAW_REDIRECT).origin,
  );
  const tokens = await postForm(`${issuer}/oauth/token`, {
    grant_type: 'authorization_code',
    code: redirect!.searchParams.get('code')!,
    redirect_uri: RAW_REDIRECT,
    code_verifier: verifier,
    client_id: clientId,
  });
  return { clientId, tokens };
}
