import type { IncomingMessage } from 'node:http';
import { ErrorCode } from '../../../protocol/error-codes.js';
import { HttpRefusal } from './http-refusal.js';

/** The default principal: a stable field of `req.user`, if an auth layer set one. */
export function principalFromUser(req: IncomingMessage): string | undefined {
  const user = (req as IncomingMessage & { user?: unknown }).user;
  if (user === undefined || user === null) return undefined;
  if (typeof user !== 'object') return String(user);
  const fields = user as Record<string, unknown>;
  for (const key of ['sub', 'id', 'userId', 'username', 'email']) {
    const value = fields[key];
    if (typeof value === 'string' || typeof value === 'number') return `${key}:${value}`;
  }
  return JSON.stringify(user);
}

/**
 * Refuses a request into a session bound to another principal (403), the same on Streamable
 * HTTP and HTTP+SSE.
 * @throws HttpRefusal 403 when `caller` is not the session's `owner`.
 */
export function requireSamePrincipal(owner: string | undefined, caller: string | undefined): void {
  if (owner !== caller) {
    throw new HttpRefusal(
      403,
      ErrorCode.InvalidRequest,
      'The session belongs to another principal',
    );
  }
}
