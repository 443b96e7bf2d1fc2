import type {
  McpHttpAuth,
  McpHttpAuthChallenge,
} from '../../../client/auth/http-auth.interface.js';
import type { AuthorizationActivity } from './authorization-activity.js';

/** Status and headers of one reply, reported by an exchange to {@link exchangeWithAuth}. */
export interface ObservedReply {
  status: number;
  header(name: string): string | undefined;
}

/** One attempt of a request: sends it with `authHeaders`, calls `observe` once its reply arrived. */
export type AuthAttempt<T> = (
  authHeaders: Record<string, string>,
  observe: (reply: ObservedReply) => void,
) => Promise<T>;

/**
 * How often one request is sent again after a challenge. Two: a DPoP resource server may refuse
 * the first request (no token: authorize) and then the first proof (`use_dpop_nonce`, RFC 9449
 * §9: retry with its nonce). Each auth bounds its own loops below this (step-ups, nonces).
 */
const MAX_AUTH_RETRIES = 2;

/**
 * Runs one HTTP request of a client transport under its `auth` option: the auth's headers on
 * each attempt, every reply shown to `onResponse`, and a 401/403 handed to `onChallenge`; when
 * that resolves true the request is sent again, up to {@link MAX_AUTH_RETRIES} times (the
 * refused reply is dropped with `discard`). Without `auth` it is one plain attempt. The attempt may resolve with the refused
 * reply or reject because of it: either way the challenge comes from what it observed. With
 * `challenges: false` (a session DELETE while closing) a refusal is left as is: no
 * authorization starts on the way out. `activity` counts the time `onChallenge` takes.
 * @throws whatever the attempt or `onChallenge` threw (an `McpAuthError` unchanged).
 */
export async function exchangeWithAuth<T>(
  auth: McpHttpAuth | undefined,
  method: string,
  url: URL,
  attempt: AuthAttempt<T>,
  discard: (result: T) => Promise<void> = async () => undefined,
  challenges = true,
  activity?: AuthorizationActivity,
): Promise<T> {
  if (!auth) return attempt({}, () => undefined);
  for (let retries = 0; ; retries++) {
    let challenge: McpHttpAuthChallenge | undefined;
    const observe = (reply: ObservedReply) => {
      auth.onResponse?.({ status: reply.status, url, header: (name) => reply.header(name) });
      challenge =
        reply.status === 401 || reply.status === 403
          ? { status: reply.status, method, url, wwwAuthenticate: reply.header('www-authenticate') }
          : undefined;
    };
    const headers = await auth.headersFor({ method, url });
    let outcome: { ok: true; value: T } | { ok: false; error: unknown };
    try {
      outcome = { ok: true, value: await attempt(headers, observe) };
    } catch (error) {
      outcome = { ok: false, error };
    }
    if (challenge && challenges && retries < MAX_AUTH_RETRIES) {
      let retry: boolean;
      try {
        const answer = challenge;
        retry = activity
          ? await activity.during(() => auth.onChallenge(answer))
          : await auth.onChallenge(answer);
      } catch (error) {
        if (outcome.ok) await discard(outcome.value).catch(() => undefined);
        throw error;
      }
      if (retry) {
        if (outcome.ok) await discard(outcome.value).catch(() => undefined);
        continue;
      }
    }
    if (!outcome.ok) throw outcome.error;
    return outcome.value;
  }
}
