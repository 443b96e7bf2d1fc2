import type { OAuthFetch } from '../discovery/fetch-json.js';
import type { DpopSession } from './dpop-session.js';

/**
 * `fetch` for authorization server requests under DPoP (RFC 9449 §5, §8): each token request
 * (a form POST) gets a fresh `DPoP` proof; a `DPoP-Nonce` in its answer is kept; a
 * `400 use_dpop_nonce` answer that brings a new nonce is retried once with it. A second refusal
 * (or one without a new nonce) is returned as is, so the caller reports the server's
 * `use_dpop_nonce` error: no loop. Other requests (metadata GETs, JSON registration) pass through.
 */
export function dpopFetch(
  session: DpopSession,
  fetchImpl: OAuthFetch = (input, init) => fetch(input, init),
): OAuthFetch {
  return async (input, init = {}) => {
    const url = new URL(input.href);
    const method = init.method ?? 'GET';
    if (!isTokenRequest(method, init.headers)) return fetchImpl(input, init);
    const send = async (): Promise<{ response: Response; nonce: string | undefined }> => {
      const nonce = session.nonces.get(url);
      const headers = new Headers(init.headers);
      headers.set('DPoP', await session.proof(method, url));
      const response = await fetchImpl(url, { ...init, headers });
      session.nonces.remember(url, response.headers.get('dpop-nonce'));
      return { response, nonce };
    };
    const first = await send();
    const fresh = session.nonces.get(url);
    if (fresh === undefined || fresh === first.nonce || !(await asksForNonce(first.response))) {
      return first.response;
    }
    await first.response.body?.cancel().catch(() => undefined);
    return (await send()).response;
  };
}

/** Whether an answer is RFC 9449 §8's `400 {"error":"use_dpop_nonce"}`. */
async function asksForNonce(response: Response): Promise<boolean> {
  if (response.status !== 400) return false;
  try {
    const body = (await response.clone().json()) as { error?: unknown };
    return body?.error === 'use_dpop_nonce';
  } catch {
    return false;
  }
}

/** A form POST: what a token request is (RFC 6749 §3.2). */
function isTokenRequest(method: string, headers: RequestInit['headers']): boolean {
  const type = new Headers(headers).get('content-type') ?? '';
  return method.toUpperCase() === 'POST' && type.startsWith('application/x-www-form-urlencoded');
}
