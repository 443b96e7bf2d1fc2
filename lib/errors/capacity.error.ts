import { McpError } from './mcp.error.js';

/**
 * JSON-RPC code of every capacity refusal: a limit was reached, or the server is shutting down
 * (implementation-defined server-error range -32000..-32099; the listen cap uses it too).
 */
export const CAPACITY_ERROR_CODE = -32000 as const;

/**
 * Which limit refused: a session cap (`maxSessions`, `maxSessionsPerPrincipal`,
 * `maxSessionsPerAddress`), the per-session request cap (`maxInFlightPerSession`), the stream cap
 * (`maxStreams`), a task cap (`maxTasksPerOwner`, `maxTasks`), the cap on server-to-client requests waiting
 * on one session (`maxPendingClientRequestsPerSession`), or `shutdown` (the server is draining, or the drain window ended first).
 */
export type CapacityLimit =
  | 'maxSessions'
  | 'maxSessionsPerPrincipal'
  | 'maxSessionsPerAddress'
  | 'maxInFlightPerSession'
  | 'maxStreams'
  | 'maxTasksPerOwner'
  | 'maxTasks'
  | 'maxPendingClientRequestsPerSession'
  | 'shutdown';

/** `error.data` of a {@link CapacityError}. */
export interface CapacityErrorData {
  /** The limit that refused. */
  limit: CapacityLimit;
  /** Its configured value (absent for `shutdown`). */
  max?: number;
  /** Seconds after which a retry may succeed (also the HTTP `Retry-After`). */
  retryAfterSeconds: number;
}

/** Limits that protect the whole server: refused over HTTP with 503 (the others with 429). */
const SERVER_WIDE: ReadonlySet<CapacityLimit> = new Set([
  'maxSessions',
  'maxStreams',
  'maxTasks',
  'shutdown',
]);

/**
 * A request or session refused because a limit was reached or the server is shutting down
 * (code -32000, `data: { limit, max, retryAfterSeconds }`). HTTP transports answer it with 503
 * (server-wide: `maxSessions`, `maxStreams`, `shutdown`) or 429 (per principal, address or
 * session) and `Retry-After`; WebSocket and stdio with this JSON-RPC error.
 */
export class CapacityError extends McpError {
  declare readonly data: CapacityErrorData;

  constructor(limit: CapacityLimit, message: string, retryAfterSeconds: number, max?: number) {
    super(CAPACITY_ERROR_CODE, message, {
      limit,
      ...(max !== undefined && { max }),
      retryAfterSeconds,
    });
    this.name = 'CapacityError';
  }

  /** HTTP status of the refusal: 503 when the whole server is at capacity, else 429. */
  get httpStatus(): 429 | 503 {
    return SERVER_WIDE.has(this.data.limit) ? 503 : 429;
  }
}

/**
 * The HTTP status and `Retry-After` of a JSON-RPC error object that is a capacity refusal (code
 * -32000 with `data.limit` and `data.retryAfterSeconds`), e.g. a task cap met inside a handler
 * whose reply is still plain JSON; undefined for any other error.
 */
export function capacityReplyOf(
  error: { code: number; data?: unknown } | undefined,
): { status: 429 | 503; retryAfter: string } | undefined {
  if (error?.code !== CAPACITY_ERROR_CODE) return undefined;
  const data = error.data as Partial<CapacityErrorData> | undefined;
  if (typeof data?.limit !== 'string' || typeof data.retryAfterSeconds !== 'number')
    return undefined;
  const status = SERVER_WIDE.has(data.limit) ? 503 : 429;
  return { status, retryAfter: String(data.retryAfterSeconds) };
}
