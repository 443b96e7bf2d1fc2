import type {
  McpAuthorizationStore,
  McpAuthorizationStoreAdapter,
} from './authorization-store.interface.js';
import { inMemoryAuthorizationStore } from './in-memory-authorization-store.js';

/**
 * The store when the options name none: in memory, until the Nest side hands over a shared one
 * (a Redis store on the MCP module's connection) before the first request. The engine keeps the
 * adapters it gets, so they forward every call to the current store's adapter of their model.
 */
export class DefaultStore {
  private current: McpAuthorizationStore = inMemoryAuthorizationStore();
  private readonly adapters = new Map<string, McpAuthorizationStoreAdapter>();
  private replaced = false;

  /** The forwarding store given to the engine. */
  readonly store: McpAuthorizationStore = (model) => {
    const of = () => {
      let adapter = this.adapters.get(model);
      if (!adapter) this.adapters.set(model, (adapter = this.current(model)));
      return adapter;
    };
    return {
      upsert: (id, payload, expiresIn) => of().upsert(id, payload, expiresIn),
      find: (id) => of().find(id),
      findByUid: (uid) => of().findByUid(uid),
      findByUserCode: (code) => of().findByUserCode(code),
      consume: (id) => of().consume(id),
      destroy: (id) => of().destroy(id),
      revokeByGrantId: (grantId) => of().revokeByGrantId(grantId),
    };
  };

  /** Replaces the in-memory default (once; later calls are ignored). */
  replace(store: McpAuthorizationStore): void {
    if (this.replaced) return;
    this.replaced = true;
    this.current = store;
    this.adapters.clear();
  }
}
