import type { ServerResponse } from 'node:http';
import { StoreUnavailableError } from '../errors/store-unavailable.error.js';
import type { Engine, EngineContext } from './engine.interface.js';
import { jsonError } from './oauth-json-error.js';

/** The OAuth error code of a request the store could not serve (RFC 6749 §4.1.2.1). */
const TEMPORARILY_UNAVAILABLE = 'temporarily_unavailable';

/** `Retry-After` of that answer, seconds. */
const RETRY_AFTER = '1';

/** The engine's exposed-error shape (`oidc-provider` renders `message` as `error`). */
interface EngineOutageError extends Error {
  error: string;
  error_description: string;
  status: number;
  statusCode: number;
  expose: boolean;
}

/**
 * Runs a store call for the engine: a {@link StoreUnavailableError} (the store's generic message
 * and log reference, never the driver's text) becomes an error the engine answers itself as
 * 503 `temporarily_unavailable` (or, at the authorization endpoint for a known client and
 * redirect URI, as that error redirected to the client), and does not log as a server error:
 * the store logged the outage once.
 */
export async function forEngine<T>(call: Promise<T>): Promise<T> {
  try {
    return await call;
  } catch (error) {
    if (!(error instanceof StoreUnavailableError)) throw error;
    const exposed = new Error(TEMPORARILY_UNAVAILABLE) as EngineOutageError;
    exposed.error = TEMPORARILY_UNAVAILABLE;
    exposed.error_description = error.message;
    exposed.status = exposed.statusCode = 503;
    exposed.expose = true;
    throw exposed;
  }
}

/** True for a store outage, as thrown by the store or as {@link forEngine} made it. */
function isOutage(error: unknown): boolean {
  return (
    error instanceof StoreUnavailableError ||
    (error as Partial<EngineOutageError> | undefined)?.error === TEMPORARILY_UNAVAILABLE
  );
}

/**
 * Answers `res` for a store outage met outside the engine (the sign-in and consent routes, the
 * shared rate-limit counters) and returns true; false for any other error.
 */
export function answerStoreOutage(res: ServerResponse, error: unknown): boolean {
  if (!isOutage(error)) return false;
  const description =
    error instanceof StoreUnavailableError
      ? error.message
      : (error as EngineOutageError).error_description;
  if (!res.headersSent) {
    jsonError(res, 503, TEMPORARILY_UNAVAILABLE, description, { 'retry-after': RETRY_AFTER });
  }
  return true;
}

/**
 * Adds `Retry-After` to the engine's 503 answers, and answers an outage met by a middleware
 * of ours after the engine's own error handling (the structured-token revocation). Install first.
 */
export function retryAfterStoreOutages(engine: Engine): void {
  engine.use(async (ctx: EngineContext, next: () => Promise<void>) => {
    try {
      await next();
    } catch (error) {
      if (!isOutage(error)) throw error;
      ctx.status = 503;
      ctx.body = {
        error: TEMPORARILY_UNAVAILABLE,
        error_description:
          (error as { error_description?: string; message: string }).error_description ??
          (error as Error).message,
      };
    }
    if (ctx.status === 503) ctx.set('retry-after', RETRY_AFTER);
  });
}
