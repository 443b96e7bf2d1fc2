import type { LimitCounters } from '../../stores/limit-counters.interface.js';

/**
 * The places this instance holds in the shared session caps for connection-bound sessions
 * (WebSocket connections, legacy HTTP+SSE streams): while any is open, one timer renews them all
 * every third of the lease (batched when the counters can, never per message); a place dropped
 * is no longer renewed. When the instance dies the timer dies with it, and its places stop
 * counting when their lease ends.
 */
export class ConnectionLeases {
  private readonly held = new Set<string>();
  private timer?: NodeJS.Timeout;

  constructor(
    private readonly counters: LimitCounters,
    /** How long a place lasts after its last renewal. */
    readonly leaseMs: number,
  ) {}

  /** Number of places held here. */
  get size(): number {
    return this.held.size;
  }

  /** Starts renewing `member` (already admitted for one lease). */
  add(member: string): void {
    this.held.add(member);
    if (this.timer) return;
    this.timer = setInterval(() => this.renewAll(), Math.max(1, Math.floor(this.leaseMs / 3)));
    this.timer.unref();
  }

  /** Stops renewing `member`; true when it was held. */
  delete(member: string): boolean {
    if (!this.held.delete(member)) return false;
    if (this.held.size === 0) this.stop();
    return true;
  }

  /** Stops the timer (the places then end with their lease). */
  stop(): void {
    clearInterval(this.timer);
    this.timer = undefined;
  }

  private renewAll(): void {
    const members = [...this.held];
    // A failed renewal is not retried: the next tick renews again, well within the lease.
    const ignore = () => undefined;
    if (this.counters.renewMany) {
      this.counters.renewMany(members, this.leaseMs).catch(ignore);
      return;
    }
    for (const member of members) this.counters.renew(member, this.leaseMs).catch(ignore);
  }
}
