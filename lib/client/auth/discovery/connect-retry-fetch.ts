import type { OAuthFetch } from './fetch-json.js';

/**
 * Codes of a connection that was never made: nothing reached the server, so the request can be
 * sent again whatever its method. On a loaded machine Node's address selection gives each
 * address 250 ms to connect (`localhost` is `::1` then `127.0.0.1`) and fails with these.
 */
const NOT_CONNECTED = new Set(['ETIMEDOUT', 'UND_ERR_CONNECT_TIMEOUT', 'EAI_AGAIN']);

/** How often a request whose connection was never made is sent again. */
const RETRIES = 2;

/** The error codes of a failed `fetch` (its `cause`, an `AggregateError`'s errors). */
export function fetchErrorCodes(error: unknown): string[] {
  const cause = (error as { cause?: unknown } | undefined)?.cause ?? error;
  const nested = (cause as { errors?: unknown[] } | undefined)?.errors ?? [cause];
  return nested
    .map((e) => (e as { code?: unknown } | undefined)?.code)
    .filter((code): code is string => typeof code === 'string');
}

/** `error`'s message with the codes of its cause, e.g. `fetch failed (ETIMEDOUT)`. */
export function describeFetchError(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  const codes = [...new Set(fetchErrorCodes(error))];
  return codes.length > 0 && !codes.some((c) => message.includes(c))
    ? `${message} (${codes.join(', ')})`
    : message;
}

/**
 * The global `fetch`, sending a request again (twice at most) when its connection was never
 * made: a loaded machine is not an unreachable server. A refused connection fails at once.
 */
export const connectRetryFetch: OAuthFetch = async (input, init) => {
  for (let attempt = 0; ; attempt++) {
    try {
      return await fetch(input, init);
    } catch (error) {
      const codes = fetchErrorCodes(error);
      const retry = codes.length > 0 && codes.every((code) => NOT_CONNECTED.has(code));
      if (!retry || attempt >= RETRIES || init?.signal?.aborted) throw error;
    }
  }
};
