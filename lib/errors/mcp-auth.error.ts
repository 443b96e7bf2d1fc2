/**
 * Why an OAuth step of the client failed: discovery, metadata validation, the authorization
 * response, the token endpoint, a refused resource. `code` is the OAuth `error` when the
 * authorization server answered one (`invalid_grant`, `invalid_client`, ...), otherwise one of
 * the client's own reasons (`invalid_www_authenticate`, `issuer_mismatch`, `state_mismatch`,
 * `iss_mismatch`, `resource_mismatch`, `discovery_failed`, `insufficient_scope`, ...).
 */
export class McpAuthError extends Error {
  constructor(
    message: string,
    /** The OAuth `error` code, or the client's own reason. */
    readonly code: string,
    /** HTTP status of the answer that caused it, when there was one. */
    readonly status?: number,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'McpAuthError';
  }
}
