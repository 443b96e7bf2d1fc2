import type { PrimitiveListKind } from './registry-view.interface.js';

/** Default window of {@link ListChangedCoalescer} (ms). */
export const LIST_CHANGED_WINDOW_MS = 50;

/**
 * Coalesces `list_changed` per list kind: the first change of a quiet list is announced at once
 * (a single registration is heard promptly), the changes during the following window are announced
 * once at its end, and a burst that goes on is announced at most once per window. So 100
 * registrations in a burst make 2 announcements, not 100; a listener that reads the list after
 * the last one sees every registration.
 */
export class ListChangedCoalescer {
  private readonly windows = new Map<
    PrimitiveListKind,
    { timer: NodeJS.Timeout; pending: boolean }
  >();

  constructor(
    /** Announces one change of `kind`. */
    private readonly announce: (kind: PrimitiveListKind) => void,
    private readonly windowMs = LIST_CHANGED_WINDOW_MS,
  ) {}

  /** One change of `kind`: announced now, or at the end of the window already open. */
  changed(kind: PrimitiveListKind): void {
    const window = this.windows.get(kind);
    if (window) {
      window.pending = true;
      return;
    }
    this.announce(kind);
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
      if (!window?.pending) return;
      this.announce(kind);
      this.open(kind);
    }, this.windowMs);
    timer.unref();
    this.windows.set(kind, { timer, pending: false });
  }
}
