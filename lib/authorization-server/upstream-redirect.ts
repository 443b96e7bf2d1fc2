import type { ServerResponse } from 'node:http';
import { sealValue } from './signed-value.js';
import type { McpUpstreamProvider } from './upstream/upstream-provider.interface.js';
import { startUpstreamSignIn, type UpstreamAttempt } from './upstream/upstream-sign-in.js';

/** The cookie carrying the sign-in attempt to the upstream's return. */
export const UPSTREAM_COOKIE = 'mcp_upstream';
/** The upstream callback path prefix: `/oauth/callback/<name>`. */
export const CALLBACK_PATH = '/oauth/callback/';

/** A 303 to `location`, not cached, with an optional cookie. */
export function redirect(res: ServerResponse, location: string, cookie?: string): void {
  res.writeHead(303, {
    location,
    'cache-control': 'no-store',
    ...(cookie !== undefined && { 'set-cookie': cookie }),
  });
  res.end();
}

/** `<issuer origin>/oauth/callback/<name>`: where the upstream sends the browser back. */
export function callbackUrl(issuer: string, name: string): string {
  return `${new URL(issuer).origin}${CALLBACK_PATH}${name}`;
}

/**
 * Sends the browser to sign in at `upstream`: a fresh attempt (`state`, PKCE) in a signed
 * cookie scoped to the callback path, which the callback checks. `reconnect` marks a sign-in
 * again for kept tokens (no authorization in progress).
 */
export async function redirectToUpstream(
  res: ServerResponse,
  issuer: string,
  cookieKey: string,
  upstream: McpUpstreamProvider,
  uid: string,
  reconnect?: UpstreamAttempt['reconnect'],
): Promise<void> {
  const { url, attempt } = await startUpstreamSignIn(
    upstream,
    uid,
    callbackUrl(issuer, upstream.name),
  );
  const sealed = sealValue(cookieKey, reconnect ? { ...attempt, reconnect } : attempt);
  const secure = issuer.startsWith('https:') ? '; Secure' : '';
  const cookie =
    `${UPSTREAM_COOKIE}=${sealed}; Path=${CALLBACK_PATH}; ` +
    `HttpOnly; SameSite=Lax; Max-Age=600${secure}`;
  redirect(res, url, cookie);
}
