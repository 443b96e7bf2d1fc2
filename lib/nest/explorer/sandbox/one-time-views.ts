import { randomBytes } from 'node:crypto';

/** A view document waiting for its one load. */
interface PendingView {
  html: string;
  csp: string;
  bytes: number;
  expires: number;
}

/** Bounds of the pending views (a sandbox listener must not become a memory sink). */
export interface OneTimeViewLimits {
  /** Views waiting at once. */
  maxViews: number;
  /** Their HTML together, in bytes. */
  maxBytes: number;
  /** How long a view waits for its load, in ms. */
  ttlMs: number;
}

/**
 * The view documents the sandbox proxy posted, each under a random token until its one load:
 * `take` hands it out once, so a frame that reloads or navigates back to its URL gets nothing.
 */
export class OneTimeViews {
  private readonly views = new Map<string, PendingView>();
  private bytes = 0;

  constructor(private readonly limits: OneTimeViewLimits) {}

  /** Stores a view; its token, or undefined when the bounds are reached. */
  put(html: string, csp: string, now = Date.now()): string | undefined {
    this.sweep(now);
    const bytes = Buffer.byteLength(html);
    if (this.views.size >= this.limits.maxViews || this.bytes + bytes > this.limits.maxBytes) {
      return undefined;
    }
    const token = randomBytes(18).toString('base64url');
    this.views.set(token, { html, csp, bytes, expires: now + this.limits.ttlMs });
    this.bytes += bytes;
    return token;
  }

  /** The view under `token`, removed (undefined when unknown, taken or expired). */
  take(token: string, now = Date.now()): { html: string; csp: string } | undefined {
    const view = this.views.get(token);
    if (!view) return undefined;
    this.drop(token, view);
    return view.expires > now ? view : undefined;
  }

  private sweep(now: number): void {
    for (const [token, view] of this.views) if (view.expires <= now) this.drop(token, view);
  }

  private drop(token: string, view: PendingView): void {
    this.views.delete(token);
    this.bytes -= view.bytes;
  }
}
