import type { McpError } from '../../errors/mcp.error.js';
import type { ListenHub } from '../listen/listen-hub.js';
import type { ServerLimits } from '../limits/server-limits.js';
import type { McpSession } from '../session/mcp-session.js';
import { LinkedList, type ListNode } from '../../engine/linked-list.js';
import { DrainGate } from './drain-gate.js';

/** An error as it is (the default of {@link ServerDrain.track}'s `mapError`). */
const same = (error: unknown): unknown => error;

/** Rejects a tracked call with the drain's `shutdown` error. */
type Cut = (error: McpError) => void;

/** What the drain needs from its server. */
export interface DrainHost {
  /** The live sessions (their running requests are cut at the end of the window). */
  readonly liveSessions: Iterable<McpSession>;
  /** The listen streams, ended with their result when the drain starts. */
  readonly listen?: ListenHub;
  /** Counts and builds the `shutdown` refusals. */
  readonly limits: ServerLimits;
}

/**
 * The graceful shutdown of one server: {@link drain} stops accepting (new sessions and requests
 * get a `shutdown` CapacityError), ends the listen streams with their result, waits until the
 * requests in flight are done or `windowMs` passed, then answers each one still running with a
 * `shutdown` error (its handler's signal aborts) and waits one turn so transports have written
 * those answers before they close.
 */
export class ServerDrain {
  /** The in-flight count and the draining flag, read on every request. */
  readonly gate = new DrainGate();
  /** The tracked calls running, each by the rejection that cuts it (a list: see LinkedList). */
  private readonly running = new LinkedList<Cut>();
  private done?: Promise<void>;
  /** Called when the drain starts (the HTTP server stops taking connections, see `McpModule`). */
  private readonly starting: (() => void)[] = [];

  constructor(
    private readonly host: DrainHost,
    /** The drain window in ms (`drainTimeoutMs`). */
    readonly windowMs: number,
  ) {}

  /**
   * Runs `work` (a stateless request, which no session tracks) as one in-flight request; the
   * drain rejects it with the `shutdown` error when its window ends first. `mapError` turns what
   * rejects it (the work's error or the drain's) into what the caller gets, so a caller needs no
   * async frame of its own around the call to do that.
   */
  track<T>(work: Promise<T>, mapError: (error: unknown) => unknown = same): Promise<T> {
    // One promise settled by whichever comes first (no async frame, no race: this is per request).
    return new Promise<T>((resolve, reject) => {
      const call = this.enter((error) => reject(mapError(error)));
      work.then(
        (value) => {
          if (this.end(call)) resolve(value);
        },
        (error: unknown) => {
          if (this.end(call)) reject(mapError(error));
        },
      );
    });
  }

  /**
   * Counts one in-flight request that `cut` answers when the window ends first (a stateless
   * request whose transport answers it by itself): no promise of its own. The caller hands the
   * returned entry to {@link leave} when the request is done.
   */
  enter(cut: Cut): ListNode<Cut> {
    this.gate.enter();
    return this.running.push(cut);
  }

  /** Ends a request counted by {@link enter} (nothing when the drain cut it already). */
  leave(call: ListNode<Cut>): void {
    this.end(call);
  }

  /** Ends a tracked call: false when the drain cut it already. */
  private end(call: ListNode<Cut>): boolean {
    if (!this.running.remove(call)) return false;
    this.gate.leave();
    return true;
  }

  /**
   * Calls `listener` as the drain starts, whoever starts it (at once when it started already):
   * what serves the requests stops taking new ones at the same time.
   */
  onStart(listener: () => void): void {
    if (this.gate.draining) listener();
    else this.starting.push(listener);
  }

  /** Drains once; later calls return the same promise. */
  drain(): Promise<void> {
    return (this.done ??= this.run());
  }

  private async run(): Promise<void> {
    this.gate.start();
    for (const listener of this.starting.splice(0)) listener();
    this.host.listen?.close();
    if (!(await this.gate.settled(this.windowMs))) {
      const refuse = () => this.host.limits.refuse('shutdown');
      for (const session of this.host.liveSessions) session.peer.failInbound(refuse);
      for (const call of this.running.nodes()) if (this.end(call)) call.value(refuse());
    }
    await new Promise((resolve) => setImmediate(resolve));
  }
}
