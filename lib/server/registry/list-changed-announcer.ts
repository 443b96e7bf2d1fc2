import { randomUUID } from 'node:crypto';
import type { McpServerEvent } from '../../stores/message-bus.interface.js';
import { ListChangedCoalescer } from './list-changed-coalescer.js';
import type { PrimitiveListKind } from './registry-view.interface.js';

/**
 * Where a server's `list_changed` go, each coalesced per list kind: to everyone (`everyone`, the
 * bus: every instance's sessions) or to this instance's sessions only (`here`: a plain runtime
 * registration on a shared bus changes this instance alone). An event that stays on this instance
 * carries the time of the change it announces (`since`, this process's clock), so the sessions
 * opened after it are not told.
 */
export class ListChangedAnnouncer {
  private readonly everyone: ListChangedCoalescer;
  private readonly here: ListChangedCoalescer;

  constructor(
    /** Publishes on the bus (every instance). */
    publish: (event: McpServerEvent) => void,
    /** Delivers on this instance only. */
    deliver: (event: McpServerEvent) => void,
    /** Whether the bus is shared by instances (then a published event carries no `since`). */
    shared: () => boolean,
  ) {
    this.everyone = new ListChangedCoalescer((kind, since) =>
      publish(shared() ? { type: 'list-changed', kind } : { type: 'list-changed', kind, since }),
    );
    this.here = new ListChangedCoalescer((kind, since) =>
      deliver({ type: 'list-changed', kind, since, id: randomUUID() }),
    );
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
