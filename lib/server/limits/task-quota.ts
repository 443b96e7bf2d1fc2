import type { LimitCounters } from '../../stores/limit-counters.interface.js';
import type { ServerLimits } from './server-limits.js';

/**
 * The task caps of one server instance (`limits.maxTasksPerOwner`, `limits.maxTasks`): counts
 * the tasks this instance created that have not expired yet, per owner (a 2026-07-28 principal,
 * a 2025 session, or everyone anonymous) and in total, since a task's record and result are kept
 * until its TTL whether it still runs or not. Expired tasks are swept lazily: an owner's on its
 * next creation, everyone's when the total is reached, so no timer is kept. With shared
 * {@link LimitCounters} (Redis) the caps count the tasks of every instance: each task joins the
 * sets `tasks` and `tasks:owner:<owner>` until its TTL ends, in one atomic step.
 */
export class TaskQuota {
  /** Expiry times (epoch ms) of each owner's unexpired tasks. */
  private readonly byOwner = new Map<string, number[]>();
  private total = 0;

  constructor(
    private readonly limits: ServerLimits,
    /** Counters shared by the instances, when there are (the caps then count the service). */
    private readonly shared?: LimitCounters,
  ) {}

  /** Tasks counted now (some may have expired since the last sweep). */
  get count(): number {
    return this.total;
  }

  /**
   * Counts in task `taskId` of `owner` that lives until `expiresAt`, or rejects with the counted
   * `CapacityError` (`maxTasks` 503 first, then `maxTasksPerOwner` 429); with shared counters a
   * store failure rejects with `StoreUnavailableError`.
   */
  async admit(owner: string, taskId: string, expiresAt: number, now = Date.now()): Promise<void> {
    if (this.shared) {
      const { maxTasks, maxTasksPerOwner } = this.limits.limits;
      const sets = [
        { name: 'tasks', max: maxTasks },
        { name: `tasks:owner:${owner}`, max: maxTasksPerOwner },
      ];
      const full = await this.shared.admit(sets, `task:${taskId}`, expiresAt - now);
      if (full >= 0) throw this.limits.refuse(full === 0 ? 'maxTasks' : 'maxTasksPerOwner');
    }
    this.admitHere(owner, expiresAt, now);
  }

  /** The instance's own count (alone without shared counters; the `tasks` figure of the stats). */
  private admitHere(owner: string, expiresAt: number, now: number): void {
    const { maxTasks, maxTasksPerOwner } = this.limits.limits;
    const mine = this.sweep(owner, now);
    if (this.total >= maxTasks) {
      for (const other of [...this.byOwner.keys()]) this.sweep(other, now);
      if (this.total >= maxTasks) throw this.limits.refuse('maxTasks');
    }
    if (mine.length >= maxTasksPerOwner) throw this.limits.refuse('maxTasksPerOwner');
    mine.push(expiresAt);
    this.byOwner.set(owner, mine);
    this.total++;
  }

  /** Drops the expired tasks of `owner`; returns the rest (a fresh list when none). */
  private sweep(owner: string, now: number): number[] {
    const expiries = this.byOwner.get(owner);
    if (!expiries) return [];
    const alive = expiries.filter((at) => at > now);
    this.total -= expiries.length - alive.length;
    if (alive.length === 0) this.byOwner.delete(owner);
    else this.byOwner.set(owner, alive);
    return alive;
  }
}
