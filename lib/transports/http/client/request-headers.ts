import type { HeadersProvider } from '../../shared/headers-provider.js';

/** Wraps an error thrown by the user's headers function, so it can be rethrown unchanged. */
export class HeadersProviderError extends Error {
  constructor(readonly original: unknown) {
    super('The headers function failed', { cause: original });
    this.name = 'HeadersProviderError';
  }
}

/** What the transport knows about the session when it builds a request. */
export interface SessionHeaders {
  sessionId?: string;
  protocolVersion?: string;
}

/** A session id is 1+ visible ASCII characters (0x21-0x7E). */
const VISIBLE_ASCII = /^[\x21-\x7e]+$/;

/** True for a session id a server may legally assign. */
export function isValidSessionId(id: string): boolean {
  return VISIBLE_ASCII.test(id);
}

/**
 * Builds the headers of one request: the user's headers (lower-cased names), then those of the
 * `auth` option, then the session headers, then the protocol headers of this request, which
 * always win.
 * @throws HeadersProviderError when the user's function throws or rejects.
 */
export async function buildRequestHeaders(
  provider: HeadersProvider,
  session: SessionHeaders,
  protocol: Record<string, string>,
  auth: Record<string, string> = {},
): Promise<Record<string, string>> {
  let provided: Record<string, string>;
  try {
    provided = typeof provider === 'function' ? await provider() : provider;
  } catch (error) {
    throw new HeadersProviderError(error);
  }
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(provided ?? {})) {
    if (typeof value === 'string') headers[name.toLowerCase()] = value;
  }
  for (const [name, value] of Object.entries(auth)) headers[name.toLowerCase()] = value;
  if (session.sessionId !== undefined) headers['mcp-session-id'] = session.sessionId;
  if (session.protocolVersion !== undefined) {
    headers['mcp-protocol-version'] = session.protocolVersion;
  }
  for (const [name, value] of Object.entries(protocol)) headers[name.toLowerCase()] = value;
  return headers;
}
