import { ErrorCode } from '../../protocol/error-codes.js';
import type { SessionStore } from '../../stores/session-store.interface.js';
import type { ClusterPort } from '../server-port/cluster-port.interface.js';
import { HttpRefusal } from '../shared/http/http-refusal.js';
import { requireSamePrincipal } from '../shared/http/principal.js';

/** Legacy SSE records live this long (refreshed by each POST), in ms; deleted when the stream ends. */
const RECORD_TTL_MS = 24 * 60 * 60_000;

/**
 * Legacy HTTP+SSE sessions across instances: the instance holding a session's stream records
 * itself as the owner in the session store, and an instance receiving a `POST /messages` for a
 * session it does not hold forwards the message to the owner over the bus (no sticky routing).
 */
export class SseRemoteSessions {
  constructor(
    private readonly store: SessionStore,
    private readonly cluster: ClusterPort,
  ) {}

  /** Records that this instance holds the stream of session `id` (failures only reported). */
  opened(id: string, principal: string | undefined, report: (error: unknown) => void): void {
    const record = {
      id,
      protocol: { protocolVersion: '2024-11-05', clientCapabilities: {} },
      subscriptions: [],
      principal,
      createdAt: Date.now(),
      owner: this.cluster.instanceId,
    };
    this.store.set(record, RECORD_TTL_MS).catch(report);
  }

  /** Forgets session `id` (its stream ended here). */
  closed(id: string): void {
    this.store.delete(id).catch(() => undefined);
  }

  /**
   * The instance holding session `id`, checked against the caller's principal.
   * @throws HttpRefusal 404 when no live instance holds it, 403 for another principal, 503 when
   *   the store cannot be reached.
   */
  async ownerOf(id: string, principal: string | undefined): Promise<string> {
    let record;
    try {
      record = await this.store.get(id);
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      throw new HttpRefusal(503, ErrorCode.InternalError, `Session store unavailable: ${message}`);
    }
    if (!record?.owner || !this.cluster.isAlive(record.owner)) {
      throw new HttpRefusal(404, ErrorCode.InvalidRequest, 'Session not found');
    }
    requireSamePrincipal(record.principal, principal);
    this.store.touch(id, RECORD_TTL_MS).catch(() => undefined);
    return record.owner;
  }
}
