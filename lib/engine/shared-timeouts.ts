import { LinkedList, ListNode } from './linked-list.js';

/** What a {@link SharedTimeouts} tells when its timeout is due. */
export interface TimeoutTarget {
  /** The timeout elapsed before it was cancelled (called once, from the shared timer). */
  timedOut(): void;
}

/** One running timeout of a {@link SharedTimeouts}: keep it to cancel it. */
export class RunningTimeout extends ListNode<TimeoutTarget> {
  constructor(
    target: TimeoutTarget,
    /** When it started (epoch ms). */
    readonly startedAt: number,
  ) {
    super(target);
  }

  /** Cancels it (nothing when it fired or was cancelled already). */
  cancel(): void {
    this.list?.remove(this);
  }
}

/**
 * Many timeouts of one duration on one timer, for timeouts that almost never fire but start on
 * every request (a reply's switch to SSE, a body's read timeout): a `setTimeout` and its
 * `clearTimeout` per request cost a timer object, an async id and, whenever Node's list for the
 * duration empties, that list's removal and re-creation (about 11k instructions per pair in
 * Node 20's baseline tier, against about 4k for a start and cancel here); here a request appends
 * a list node and unlinks it. Timeouts of one
 * duration start in the order they end, so the first one is always the next due: the one timer is
 * armed for it, and when it fires every due timeout is told and the timer re-armed for the new
 * first one. A timeout fires no earlier than its duration (timer precision aside), as with its
 * own `setTimeout`; once the list is empty the timer is not re-armed. The timer is unref'd: it
 * never keeps the process alive.
 */
export class SharedTimeouts {
  private readonly running = new LinkedList<TimeoutTarget>();
  private timer?: NodeJS.Timeout;

  constructor(
    /** The duration of every timeout (ms). */
    readonly ms: number,
  ) {}

  /** Number of timeouts running. */
  get size(): number {
    return this.running.size;
  }

  /** Starts a timeout for `target`; returns it, to cancel it ({@link RunningTimeout.cancel}). */
  start(target: TimeoutTarget): RunningTimeout {
    const timeout = new RunningTimeout(target, Date.now());
    this.running.append(timeout);
    this.timer ??= this.arm(timeout);
    return timeout;
  }

  private arm(first: RunningTimeout): NodeJS.Timeout {
    const timer = setTimeout(
      () => this.fire(),
      Math.max(0, first.startedAt + this.ms - Date.now()),
    );
    timer.unref();
    return timer;
  }

  private fire(): void {
    this.timer = undefined;
    const now = Date.now();
    const due: TimeoutTarget[] = [];
    for (
      let first = this.running.first as RunningTimeout | undefined;
      first && now - first.startedAt >= this.ms; // the rest started later
      first = this.running.first as RunningTimeout | undefined
    ) {
      this.running.remove(first);
      due.push(first.value);
    }
    const next = this.running.first as RunningTimeout | undefined;
    if (next) this.timer = this.arm(next);
    for (const target of due) {
      try {
        target.timedOut();
      } catch (error) {
        // As from a timer of its own: uncaught, without keeping the others from being told.
        queueMicrotask(() => {
          throw error;
        });
      }
    }
  }
}

const byDuration = new Map<number, SharedTimeouts>();

/**
 * The process's {@link SharedTimeouts} of `ms` (one per duration, made on first use, like Node's
 * own timer lists): every transport with the same setting shares its timer.
 */
export function sharedTimeouts(ms: number): SharedTimeouts {
  let timeouts = byDuration.get(ms);
  if (timeouts === undefined) {
    timeouts = new SharedTimeouts(ms);
    byDuration.set(ms, timeouts);
  }
  return timeouts;
}
