import type { EndedSession, SessionStore } from '../../stores/session-store.interface.js';

/**
 * Instances sharing a session store whose records expire on their own (Redis): every
 * `everyMs` this instance claims the sessions whose records expired (`SessionStore.claimExpired`,
 * one claimer per session in the whole service) and hands each to `ended`, which runs the
 * session-ended hook. Every instance sweeps (no leader to elect or lose); a sweep never overlaps
 * the previous one. A store outage fails a sweep quietly (the store logs it); the next one
 * catches up, since the index keeps what was not claimed. The timer is unref'd.
 */
export class SessionExpirySweep {
  private readonly timer: NodeJS.Timeout;
  private running = false;

  constructor(
    private readonly store: Required<Pick<SessionStore, 'claimExpired'>>,
    everyMs: number,
    private readonly ended: (session: EndedSession) => void,
  ) {
    this.timer = setInterval(() => void this.sweep(), everyMs);
    this.timer.unref();
  }

  /** One sweep now (the timer's; exposed for a sweep on demand). */
  async sweep(): Promise<void> {
    if (this.running) return;
    this.running = true;
    try {
      for (const session of await this.store.claimExpired()) this.ended(session);
    } catch {
      // The store is unreachable (logged by it); the next sweep claims what this one could not.
    } finally {
      this.running = false;
    }
  }

  /** Stops sweeping (shutdown). */
  stop(): void {
    clearInterval(this.timer);
  }
}
