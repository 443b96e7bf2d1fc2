import { createHash, randomBytes } from 'node:crypto';

/** The redirect URI the raw clients register (nothing listens: the walk stops there). */
export const RAW_REDIRECT = 'http://127.0.0.1:9/callback';

/** POSTs a form to the token (or revocation) endpoint; the JSON answer and status. */
export async function postForm(
  url: string,
  form: Record<string, string>,
): Promise<{ status: number; body: Record<string, unknown>; headers: Headers }> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(form),
  });
  const text = await response.text();
  return {
    status: response.status,
    body: (text ? JSON.parse(text) : {}) as Record<string, unknown>,
    headers: response.headers,
  };
}

/** Registers a public client by DCR (RFC 7591); the JSON answer and status. */
export async function register(
  issuer: string,
  metadata: Record<string, unknown> = {},
): Promise<{ status: number; body: Record<string, unknown> }> {
  const response = await fetch(`${issuer}/oauth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      redirect_uris: [RAW_REDIRECT],
      grant_types: ['authorization_code', 'refresh_token'],
      response_types: ['code'],
      token_endpoint_auth_method: 'none',
      client_name: 'raw client',
      ...metadata,
    }),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

/** A PKCE pair (S256). */
export function pkce(): { verifier: string; challenge: string } {
  const verifier = randomBytes(32).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
}

/** An authorization URL with the usual parameters, each overridable (or removed with null). */
export function authorizationUrl(issuer: string, params: Record<string, string | null>): URL {
  const url = new URL(`${issuer}/oauth/authorize`);
  for (const [key, value] of Object.entries({
    response_type: 'code',
    redirect_uri: RAW_REDIRECT,
    state: randomBytes(8).toString('hex'),
    ...params,
  })) {
    if (value !== null) url.searchParams.set(key, value);
  }
  return url;
}
