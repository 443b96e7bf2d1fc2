import { ListChangedCoalescer } from './list-changed-coalescer.js';
import type { PrimitiveListKind } from './registry-view.interface.js';

/**
 * Where a server's `list_changed` go, each coalesced per list kind: to everyone (`everyone`, the
 * bus: every instance's sessions) or to this instance's sessions only (`here`: a plain runtime
 * registration on a shared bus changes this instance alone).
 */
export class ListChangedAnnouncer {
  private readonly everyone: ListChangedCoalescer;
  private readonly here: ListChangedCoalescer;

  constructor(
    everyone: (kind: PrimitiveListKind) => void,
    here: (kind: PrimitiveListKind) => void,
  ) {
    this.everyone = new ListChangedCoalescer(everyone);
    this.here = new ListChangedCoalescer(here);
  }

  /** A change every instance's sessions hear (a burst is announced at once, then once per window). */
  announce(kind: PrimitiveListKind): void {
    this.everyone.changed(kind);
  }

  /** A change of this instance's registry: its own sessions on a shared bus, else everyone. */
  registryChanged(kind: PrimitiveListKind, sharedBus: boolean): void {
    (sharedBus ? this.here : this.everyone).changed(kind);
  }

  /** Drops the windows still open. */
  close(): void {
    this.everyone.close();
    this.here.close();
  }
}
