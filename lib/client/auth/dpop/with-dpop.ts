import type { OAuthFetch } from '../discovery/fetch-json.js';
import type { McpHttpAuth } from '../http-auth.interface.js';
import { dpopFetch } from './dpop-fetch.js';
import { DpopHttpAuth } from './dpop-http-auth.js';
import { DpopSession, type DpopOptions } from './dpop-session.js';

/** Options of {@link withDpop}: the key, and the `fetch` the OAuth client would use otherwise. */
export interface WithDpopOptions extends DpopOptions {
  /** The underlying `fetch` of token requests. Default: the global `fetch`. */
  fetch?: OAuthFetch;
}

/**
 * DPoP (RFC 9449, MCP extension `io.modelcontextprotocol/auth/dpop`) around an OAuth client:
 * `create` gets the `fetch` to build it with, which puts a proof on every token request (and
 * retries a `use_dpop_nonce` answer once); the auth it returns is wrapped so every MCP request
 * presents the DPoP-bound token as `Authorization: DPoP …` with a fresh proof (`ath`, the
 * server's nonce; a `use_dpop_nonce` refusal retried, bounded). One key pair per call.
 * @example
 * ```ts
 * const auth = withDpop((fetch) => new McpOAuthClient({ interaction, fetch }));
 * ```
 */
export function withDpop(
  create: (fetch: OAuthFetch) => McpHttpAuth,
  options: WithDpopOptions = {},
): DpopHttpAuth {
  const { fetch, ...dpop } = options;
  const session = new DpopSession(dpop);
  return new DpopHttpAuth(create(dpopFetch(session, fetch)), session);
}
