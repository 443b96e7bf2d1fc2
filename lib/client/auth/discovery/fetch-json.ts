import { describeFetchError } from './connect-retry-fetch.js';
import type { z } from 'zod';
import { McpAuthError } from '../../../errors/mcp-auth.error.js';

/** The `fetch` the OAuth client uses (the global one unless given). */
export type OAuthFetch = (input: URL, init?: RequestInit) => Promise<Response>;

/** Outcome of one metadata GET: the parsed document, or why there is none at that URL. */
export type MetadataFetch<T> =
  { found: true; value: T; url: URL } | { found: false; status?: number; url: URL; reason: string };

/**
 * GETs a JSON metadata document and checks it with `schema`. A non-2xx status or a network
 * failure is "not found" (the caller tries the next well-known URL); a 2xx that is not JSON or
 * does not match the schema is an error (a server that answers with a broken document).
 * @throws McpAuthError `invalid_metadata` for a 2xx reply that is not a valid document.
 */
export async function fetchMetadata<T>(
  fetchFn: OAuthFetch,
  url: URL,
  schema: z.ZodType<T>,
  what: string,
): Promise<MetadataFetch<T>> {
  let response: Response;
  try {
    response = await fetchFn(url, {
      headers: { accept: 'application/json', 'mcp-protocol-version': '2025-11-25' },
    });
  } catch (error) {
    return { found: false, url, reason: describeFetchError(error) };
  }
  if (!response.ok) {
    await response.body?.cancel().catch(() => undefined);
    return { found: false, status: response.status, url, reason: `HTTP ${response.status}` };
  }
  let body: unknown;
  try {
    body = await response.json();
  } catch (error) {
    throw new McpAuthError(
      `${what} at ${url.href} is not JSON`,
      'invalid_metadata',
      response.status,
      {
        cause: error,
      },
    );
  }
  const parsed = schema.safeParse(body);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new McpAuthError(
      `${what} at ${url.href} is invalid: ${issue?.path.join('.') || '(root)'}: ${issue?.message}`,
      'invalid_metadata',
      response.status,
    );
  }
  return { found: true, value: parsed.data, url };
}
