import { McpAuthError } from '../../../errors/mcp-auth.error.js';
import type {
  McpHttpAuth,
  McpHttpAuthChallenge,
  McpHttpAuthRequest,
  McpHttpAuthResponse,
} from '../http-auth.interface.js';
import type { DpopSession } from './dpop-session.js';

/**
 * How many nonces a server may hand out in `use_dpop_nonce` refusals without a success in between
 * before the client gives up (parallel requests refused with the same nonce count once).
 */
const MAX_NONCE_RETRIES = 2;

/**
 * DPoP on the MCP requests (RFC 9449 §7): wraps the client's auth so that a DPoP-bound token
 * (`Authorization: DPoP <token>` from the inner auth) goes out with a fresh proof for that
 * request (`htm`, `htu`, `ath`, the server's nonce). A `Bearer` token (an authorization server that
 * did not bind it) is left as it is. A `401` with `error="use_dpop_nonce"` and a new `DPoP-Nonce`
 * is retried; a server that keeps refusing gets an `McpAuthError` `use_dpop_nonce` after
 * {@link MAX_NONCE_RETRIES} nonces without a success. Every other challenge goes to the inner auth.
 */
export class DpopHttpAuth implements McpHttpAuth {
  /** The nonce each origin's last proof carried, to tell a new nonce from a repeated refusal. */
  private readonly sentNonce = new Map<string, string | undefined>();
  /** The nonces of `use_dpop_nonce` refusals since the last success. */
  private readonly refusedNonces = new Set<string>();

  constructor(
    private readonly inner: McpHttpAuth,
    private readonly session: DpopSession,
  ) {}

  /** The inner headers, plus a `DPoP` proof when they present a DPoP token. */
  async headersFor(request: McpHttpAuthRequest): Promise<Record<string, string>> {
    const headers = await this.inner.headersFor(request);
    const name = Object.keys(headers).find((key) => key.toLowerCase() === 'authorization');
    const match = name ? /^DPoP\s+(\S+)$/i.exec(headers[name]!) : null;
    if (!name || !match) return headers;
    const token = match[1]!;
    this.sentNonce.set(request.url.origin, this.session.nonces.get(request.url));
    const proof = await this.session.proof(request.method, request.url, token);
    const { [name]: _authorization, ...rest } = headers;
    return { ...rest, Authorization: `DPoP ${token}`, DPoP: proof };
  }

  /** Keeps the server's `DPoP-Nonce`, then lets the inner auth see the answer. */
  onResponse(response: McpHttpAuthResponse): void {
    this.session.nonces.remember(response.url, response.header('dpop-nonce'));
    if (response.status >= 200 && response.status < 300) this.refusedNonces.clear();
    this.inner.onResponse?.(response);
  }

  /**
   * `use_dpop_nonce`: retry with the new nonce (bounded); anything else: the inner auth decides.
   * @throws McpAuthError `use_dpop_nonce` when the server refuses every nonce it gives.
   */
  async onChallenge(challenge: McpHttpAuthChallenge): Promise<boolean> {
    if (challenge.status !== 401 || !isUseDpopNonce(challenge.wwwAuthenticate)) {
      return this.inner.onChallenge(challenge);
    }
    const origin = challenge.url.origin;
    const nonce = this.session.nonces.get(challenge.url);
    if (nonce !== undefined) this.refusedNonces.add(nonce);
    if (
      nonce === undefined ||
      nonce === this.sentNonce.get(origin) ||
      this.refusedNonces.size > MAX_NONCE_RETRIES
    ) {
      throw new McpAuthError(
        `The server at ${origin} keeps refusing the DPoP proof with use_dpop_nonce` +
          (nonce === undefined
            ? ' without giving a DPoP-Nonce'
            : ` (${this.refusedNonces.size} nonces refused)`),
        'use_dpop_nonce',
        401,
      );
    }
    return true;
  }
}

/** Whether a `WWW-Authenticate` value is a DPoP challenge with `error="use_dpop_nonce"` (RFC 9449 §9). */
export function isUseDpopNonce(wwwAuthenticate: string | undefined): boolean {
  if (!wwwAuthenticate || !/(^|[\s,])DPoP(\s|$)/i.test(wwwAuthenticate)) return false;
  return /(^|[\s,])error\s*=\s*"?use_dpop_nonce"?/i.test(wwwAuthenticate);
}
