import type { OutgoingRequestOptions } from '../../engine/json-rpc-peer.interface.js';
import { RequestTimeoutError } from '../../errors/request-timeout.error.js';
import type { RequestId } from '../../protocol/json-rpc.js';
import type { TransportAuthorization } from '../client-transport.interface.js';

/** What {@link requestOnProbeClock} needs: the request itself and the transport's side. */
export interface ProbeClockPorts {
  /** Sends the request with these peer options (no timeout of its own, a signal, quiet). */
  send(options: OutgoingRequestOptions): Promise<unknown>;
  /** The transport's authorizations, whose time the clock leaves out. */
  authorization: TransportAuthorization | undefined;
  /** Stops waiting for the reply of `id` on the transport, telling the server nothing. */
  abandon(id: RequestId): void;
}

/**
 * Sends one handshake request (`server/discover`, `initialize`) on a clock of `limitMs` that only
 * runs while no authorization does (a browser login during the handshake is the user's time, not
 * the server's). When the clock runs out the request is given up without a
 * `notifications/cancelled` (a probe's era is what it asks; `initialize` is never cancelled) and
 * rejects with a {@link RequestTimeoutError}.
 */
export function requestOnProbeClock(
  method: string,
  limitMs: number,
  ports: ProbeClockPorts,
): Promise<unknown> {
  const abort = new AbortController();
  const started = Date.now();
  const authorizedBefore = ports.authorization?.spentMs ?? 0;
  let id: RequestId | undefined;
  let timer: NodeJS.Timeout | undefined;
  const used = () =>
    Date.now() - started - ((ports.authorization?.spentMs ?? 0) - authorizedBefore);
  const check = () => {
    const left = limitMs - used();
    if (left > 0 || ports.authorization?.active) {
      timer = setTimeout(check, Math.max(left, 50));
      return;
    }
    abort.abort(new RequestTimeoutError(method, id ?? '?', limitMs));
    if (id !== undefined) ports.abandon(id);
  };
  timer = setTimeout(check, limitMs);
  return ports
    .send({
      timeoutMs: Number.POSITIVE_INFINITY,
      signal: abort.signal,
      quiet: true,
      onRequestId: (requestId) => (id = requestId),
    })
    .catch((error: unknown) => {
      throw abort.signal.aborted ? (abort.signal.reason as RequestTimeoutError) : error;
    })
    .finally(() => clearTimeout(timer));
}
