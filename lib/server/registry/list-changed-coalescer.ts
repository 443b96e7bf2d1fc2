import type { PrimitiveListKind } from './registry-view.interface.js';

/** Default window of {@link ListChangedCoalescer} (ms). */
export const LIST_CHANGED_WINDOW_MS = 50;

/**
 * Coalesces `list_changed` per list kind: the first change of a quiet list is announced at once
 * (a single registration is heard promptly), the changes during the following window are announced
 * once at its end, and a burst that goes on is announced at most once per window. So 100
 * registrations in a burst make 2 announcements, not 100; a listener that reads the list after
 * the last one sees every registration. Each announcement carries the time of the latest change it
 * covers, so a session opened after it (bootstrap registrations, then a client at once) is not
 * told of a change its first list already shows.
 */
export class ListChangedCoalescer {
  private readonly windows = new Map<
    PrimitiveListKind,
    { timer: NodeJS.Timeout; pending: number | undefined }
  >();

  constructor(
    /**
     * Announces the changes of `kind` up to `since` (the `performance.now()` of the latest one):
     * a listener that started after it already lists them.
     */
    private readonly announce: (kind: PrimitiveListKind, since: number) => void,
    private readonly windowMs = LIST_CHANGED_WINDOW_MS,
  ) {}

  /** One change of `kind`: announced now, or at the end of the window already open. */
  changed(kind: PrimitiveListKind): void {
    const window = this.windows.get(kind);
    const now = performance.now();
    if (window) {
      window.pending = now;
      return;
    }
    this.announce(kind, now);
    this.open(kind);
  }

  /** Drops the open windows (a pending announcement is not sent). */
  close(): void {
    for (const { timer } of this.windows.values()) clearTimeout(timer);
    this.windows.clear();
  }

  private open(kind: PrimitiveListKind): void {
    const timer = setTimeout(() => {
      const window = this.windows.get(kind);
      this.windows.delete(kind);
      if (window?.pending === undefined) return;
      this.announce(kind, window.pending);
      this.open(kind);
    }, this.windowMs);
    timer.unref();
    this.windows.set(kind, { timer, pending: undefined });
  }
}
