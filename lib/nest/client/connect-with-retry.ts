import type { ClientTransport } from '../../client/client-transport.interface.js';

/** The first connection's retry settings of a managed client. */
export interface ConnectRetry {
  /** Attempts after the first failed one. */
  retryAttempts: number;
  /** Milliseconds before the first retry. */
  retryDelay: number;
  /** Factor the delay grows by after each retry (1: fixed). */
  retryBackoff: number;
}

/** Where a transport goes, for an error message: its URL, else its command, else its kind. */
export function describeServer(transport: ClientTransport): string {
  const { url, command } = transport as { url?: unknown; command?: unknown };
  if (url instanceof URL || typeof url === 'string') return String(url);
  if (typeof command === 'string') return command;
  return transport.constructor.name;
}

/**
 * Runs `connect` until it succeeds, `retryAttempts` more times at most, waiting `retryDelay`
 * (growing by `retryBackoff`) between attempts and telling `onRetry` about each failure.
 * @throws the last attempt's error, with the number of attempts made.
 */
export async function connectWithRetry(
  connect: () => Promise<void>,
  retry: ConnectRetry,
  onRetry: (error: unknown, attempt: number, delayMs: number) => void,
): Promise<void> {
  let delay = retry.retryDelay;
  for (let attempt = 1; ; attempt++) {
    try {
      return await connect();
    } catch (error) {
      if (attempt > retry.retryAttempts) throw Object.assign(asError(error), { attempts: attempt });
      onRetry(error, attempt, delay);
      await new Promise((resolve) => setTimeout(resolve, delay));
      delay *= retry.retryBackoff;
    }
  }
}

function asError(error: unknown): Error {
  return error instanceof Error ? error : new Error(String(error));
}
