import { McpError } from '../../errors/mcp.error.js';
import type { RequestId } from '../../protocol/json-rpc.js';
import type { McpSession } from '../session/mcp-session.js';

/** One URL-mode elicitation waiting for its out-of-band flow (2025 era). */
interface PendingElicitation {
  readonly session: McpSession;
  /** The request that asked (`ctx.elicitUrl`), while it runs: the notification goes on its stream. */
  relatedRequestId?: RequestId;
  completed: boolean;
  /** True when an `elicitUrl()` call owns the entry (it forgets it when it ends). */
  readonly owned: boolean;
  settle?: (error?: unknown) => void;
}

/**
 * The URL-mode elicitations of this server that wait for their out-of-band flow (2025-11-25):
 * opened by `ctx.elicitUrl()` or `ctx.urlElicitationRequired()`, completed from your code (e.g.
 * the controller of the OAuth callback the URL leads to) with {@link complete}, which sends
 * `notifications/elicitation/complete` to the session that asked and lets a waiting `elicitUrl()`
 * return. Injectable in Nest apps; `McpServer.elicitations` otherwise. An elicitation is
 * forgotten when completed, when its session closes, or when its `elicitUrl()` call ends.
 * In-process: complete it on the instance that holds the session (sticky sessions).
 */
export class McpElicitations {
  private readonly pending = new Map<string, PendingElicitation>();

  /**
   * Completes elicitation `elicitationId`: tells its client (`notifications/elicitation/complete`)
   * and resumes the `ctx.elicitUrl()` waiting for it. Returns false for an unknown, finished or
   * already completed id (answer your callback with 404 then); never throws for it.
   */
  complete(elicitationId: string): boolean {
    const entry = this.pending.get(elicitationId);
    if (!entry || entry.completed) return false;
    entry.completed = true;
    if (!entry.owned) this.pending.delete(elicitationId); // a -32042 elicitation: done
    if (!entry.session.closed) {
      entry.session.peer.notify(
        'notifications/elicitation/complete',
        { elicitationId },
        entry.relatedRequestId,
      );
    }
    entry.settle?.();
    return true;
  }

  /** True while `elicitationId` waits for completion. */
  has(elicitationId: string): boolean {
    return this.pending.get(elicitationId)?.completed === false;
  }

  /** Number of elicitations waiting. */
  get size(): number {
    return this.pending.size;
  }

  /**
   * @internal Opens elicitation `id` for `session` (related to `requestId` while it runs).
   * @throws McpError -32602 when the id is already open.
   */
  open(id: string, session: McpSession, requestId?: RequestId): void {
    if (this.pending.has(id)) {
      throw McpError.invalidParams(`Elicitation id "${id}" is already waiting for completion`);
    }
    const entry: PendingElicitation = { session, completed: false, owned: requestId !== undefined };
    if (requestId !== undefined) entry.relatedRequestId = requestId;
    this.pending.set(id, entry);
    session.onClose((reason) => {
      if (this.pending.get(id) !== entry) return;
      this.pending.delete(id);
      entry.settle?.(
        new McpError(-32000, `Session closed before the elicitation completed: ${reason}`),
      );
    });
  }

  /**
   * @internal Resolves once `id` is completed (at once if it already is); rejects with the
   * signal's reason or when the session closes. The entry is forgotten either way.
   */
  async completion(id: string, signal: AbortSignal): Promise<void> {
    const entry = this.pending.get(id);
    if (!entry) throw new McpError(-32000, `Elicitation "${id}" is no longer open`);
    try {
      if (entry.completed) return;
      signal.throwIfAborted();
      await new Promise<void>((resolve, reject) => {
        const onAbort = () => reject(signal.reason);
        signal.addEventListener('abort', onAbort, { once: true });
        entry.settle = (error) => {
          signal.removeEventListener('abort', onAbort);
          if (error) reject(error);
          else resolve();
        };
      });
    } finally {
      this.forget(id, entry);
    }
  }

  /** @internal Forgets `id` (the asking call ended), if it is still `entry`. */
  forget(id: string, entry = this.pending.get(id)): void {
    if (entry && this.pending.get(id) === entry) this.pending.delete(id);
  }
}
