import { McpError } from './mcp.error.js';

/** What a client is told when a store command failed; the details go to the log under `ref`. */
export const STORE_UNAVAILABLE_MESSAGE = 'Shared store unavailable, retry shortly';

/** JSON-RPC code of a {@link StoreUnavailableError} (implementation-defined server-error range). */
export const STORE_UNAVAILABLE_ERROR_CODE = -32001 as const;

/**
 * A shared store (Redis) cannot be reached: at startup (the app does not start) or while running
 * (requests that need it fail with this error; HTTP answers 503 with `Retry-After`). The client
 * may retry; the connection is re-established in the background.
 */
export class StoreUnavailableError extends McpError {
  constructor(message: string, options?: { cause?: unknown; data?: unknown }) {
    super(STORE_UNAVAILABLE_ERROR_CODE, message, options?.data);
    this.name = 'StoreUnavailableError';
    if (options?.cause !== undefined) (this as { cause?: unknown }).cause = options.cause;
  }
}

/** `Retry-After` (seconds) of an HTTP answer carrying a {@link StoreUnavailableError}. */
export const STORE_RETRY_AFTER_SECONDS = 1;

/**
 * The HTTP status and `Retry-After` of a JSON-RPC error object that is a store outage (code
 * -32001 with the outage's message): 503, retry after {@link STORE_RETRY_AFTER_SECONDS};
 * undefined for any other error, including a -32001 a handler threw for its own reasons.
 */
export function storeUnavailableReplyOf(
  error: { code: number; message?: string } | undefined,
): { status: 503; retryAfter: string } | undefined {
  if (error?.code !== STORE_UNAVAILABLE_ERROR_CODE) return undefined;
  if (!error.message?.startsWith(STORE_UNAVAILABLE_MESSAGE)) return undefined;
  return { status: 503, retryAfter: String(STORE_RETRY_AFTER_SECONDS) };
}
