/** One outgoing HTTP request of a client transport, as its auth sees it. */
export interface McpHttpAuthRequest {
  /** `POST`, `GET` or `DELETE`. */
  method: string;
  /** The URL the request goes to (the MCP endpoint, or a legacy SSE message endpoint). */
  url: URL;
}

/** A 401 or 403 answer of the server to one request. */
export interface McpHttpAuthChallenge {
  /** 401 (no or bad credentials) or 403 (e.g. `insufficient_scope`). */
  status: 401 | 403;
  /** Method of the refused request. */
  method: string;
  /** URL of the refused request. */
  url: URL;
  /** The raw `WWW-Authenticate` header, if any. */
  wwwAuthenticate: string | undefined;
}

/** One response as {@link McpHttpAuth.onResponse} sees it: status and headers, never the body. */
export interface McpHttpAuthResponse {
  status: number;
  url: URL;
  /** A header of the response (case-insensitive name), undefined when absent. */
  header(name: string): string | undefined;
}

/**
 * What an HTTP client transport (Streamable HTTP, legacy HTTP+SSE) asks of its `auth` option:
 * headers for each request, and what to do when the server refuses one with 401/403. The
 * transport retries a refused request once when {@link onChallenge} resolves true.
 */
export interface McpHttpAuth {
  /** Headers for one outgoing request (`Authorization`, `DPoP`, ...), called before every request. */
  headersFor(request: McpHttpAuthRequest): Promise<Record<string, string>>;
  /**
   * 401/403 from the server: do what it takes (discovery, authorization, refresh, step-up);
   * resolve true to retry that request once with fresh headers, false to fail it as an HTTP
   * error (or throw an `McpAuthError`, which the request then rejects with). Not asked for the
   * session `DELETE` of a closing Streamable HTTP transport (no authorization on the way out).
   */
  onChallenge(challenge: McpHttpAuthChallenge): Promise<boolean>;
  /** Every response's status and headers (e.g. to keep a `DPoP-Nonce`). */
  onResponse?(response: McpHttpAuthResponse): void;
}
