import { UpstreamSignInError } from './upstream-error.js';

/** How long one upstream call may take. */
const UPSTREAM_TIMEOUT_MS = 10_000;

/**
 * One JSON call to an upstream identity provider, bounded in time; a network failure, a non-2xx
 * answer or a body that is not a JSON object becomes an {@link UpstreamSignInError} naming what
 * was asked (`what`), never the tokens sent.
 */
export async function upstreamJson(
  provider: string,
  what: string,
  url: string,
  init: RequestInit = {},
): Promise<Record<string, unknown>> {
  let response: Response;
  try {
    response = await fetch(url, {
      ...init,
      headers: { accept: 'application/json', ...init.headers },
      signal: AbortSignal.timeout(UPSTREAM_TIMEOUT_MS),
    });
  } catch (cause) {
    throw new UpstreamSignInError(`${what}: the identity provider cannot be reached`, provider, {
      cause,
    });
  }
  const text = await response.text().catch(() => '');
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    body = undefined;
  }
  if (!response.ok || typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw new UpstreamSignInError(
      `${what}: the identity provider answered ${response.status}`,
      provider,
      { status: response.status },
    );
  }
  return body as Record<string, unknown>;
}

/** A string member of an upstream document, or undefined. */
export function stringField(doc: Record<string, unknown>, key: string): string | undefined {
  const value = doc[key];
  return typeof value === 'string' ? value : typeof value === 'number' ? String(value) : undefined;
}
