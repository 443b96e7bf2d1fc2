import type { SessionAdmission } from '../../engine/transport-info.interface.js';
import type { LimitCounters, LimitSet } from '../../stores/limit-counters.interface.js';
import type { ServerLimits } from './server-limits.js';
import { ConnectionLeases } from './connection-leases.js';

/** The caps a session counts against. */
type SessionLimit = 'maxSessions' | 'maxSessionsPerPrincipal' | 'maxSessionsPerAddress';

/**
 * The session caps counted for the whole service (instances sharing {@link LimitCounters}): a
 * Streamable HTTP session joins the sets `sessions`, `sessions:principal:<p>` and
 * `sessions:address:<a>` when it initializes, living one lease (the session idle timeout); the
 * instances holding a live copy renew it as requests come (at most ten times per lease), and the
 * instance that ends it (DELETE, record gone) releases it. A session of a crashed instance, or one
 * whose record expired unseen, stops counting when its lease ends. A connection-bound session
 * (WebSocket, legacy HTTP+SSE) is {@link hold held} by the instance it is connected to for
 * `limits.connectionLeaseMs`, renewed while it lives ({@link ConnectionLeases}).
 */
export class SharedSessionCaps {
  /** When each session was last renewed here (epoch ms). */
  private readonly renewed = new Map<string, number>();
  /** The connection-bound sessions this instance holds places for. */
  private readonly connections: ConnectionLeases;

  constructor(
    private readonly counters: LimitCounters,
    private readonly limits: ServerLimits,
  ) {
    this.connections = new ConnectionLeases(counters, limits.limits.connectionLeaseMs);
  }

  /**
   * Counts session `id` in for `leaseMs`, or throws the counted `CapacityError` (total first,
   * then principal, then address); a store failure rejects with `StoreUnavailableError`.
   */
  async admit(id: string, admission: SessionAdmission, leaseMs: number): Promise<void> {
    await this.take(id, admission, leaseMs);
    this.renewed.set(id, Date.now());
  }

  /**
   * Counts the connection-bound session `id` in (a WebSocket connection, a legacy HTTP+SSE
   * stream), held by this instance while it lives: renewed every third of
   * `limits.connectionLeaseMs` until {@link drop}. Throws as {@link admit}.
   */
  async hold(id: string, admission: SessionAdmission): Promise<void> {
    await this.take(id, admission, this.connections.leaseMs);
    this.connections.add(memberOf(id));
  }

  /** Counts the connection-bound session `id` out (its connection ended); idempotent. */
  drop(id: string): void {
    if (this.connections.delete(memberOf(id))) this.release(id);
  }

  private async take(id: string, admission: SessionAdmission, leaseMs: number): Promise<void> {
    const { maxSessions, maxSessionsPerPrincipal, maxSessionsPerAddress } = this.limits.limits;
    const sets: LimitSet[] = [{ name: 'sessions', max: maxSessions }];
    const kinds: SessionLimit[] = ['maxSessions'];
    if (admission.principal !== undefined) {
      sets.push({
        name: `sessions:principal:${admission.principal}`,
        max: maxSessionsPerPrincipal,
      });
      kinds.push('maxSessionsPerPrincipal');
    }
    if (admission.remoteAddress !== undefined) {
      sets.push({
        name: `sessions:address:${admission.remoteAddress}`,
        max: maxSessionsPerAddress,
      });
      kinds.push('maxSessionsPerAddress');
    }
    const full = await this.counters.admit(sets, memberOf(id), leaseMs);
    if (full >= 0) throw this.limits.refuse(kinds[full]!);
  }

  /** Extends session `id` by `leaseMs`, at most ten times per lease; failures are ignored. */
  renew(id: string, leaseMs: number): void {
    const now = Date.now();
    const last = this.renewed.get(id);
    if (last !== undefined && now - last < leaseMs / 10) return;
    this.renewed.set(id, now);
    this.counters.renew(memberOf(id), leaseMs).catch(() => undefined);
  }

  /** Stops renewing session `id` here (its live copy went; the session may live on elsewhere). */
  forget(id: string): void {
    this.renewed.delete(id);
  }

  /** Counts session `id` out for the whole service (it ended); failures are ignored. */
  release(id: string): void {
    this.renewed.delete(id);
    this.counters.release(memberOf(id)).catch(() => undefined);
  }
}

const memberOf = (id: string) => `session:${id}`;
