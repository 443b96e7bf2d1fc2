import type { McpAuthorizationStoreAdapter } from './authorization-store.interface.js';

/** Runs one store call, labelled with the adapter method it serves (a store's failure handling). */
export type StoreCallRunner = <T>(what: string, call: () => Promise<T>) => Promise<T>;

/**
 * `inner` with each of its calls run through `run` under its method's name: how a shared store
 * (Redis, SQL) puts its failure handling (outage errors, deadline, deadlock retry) around every
 * query of a model's adapter.
 */
export function runEachCall(
  inner: McpAuthorizationStoreAdapter,
  run: StoreCallRunner,
): McpAuthorizationStoreAdapter {
  return {
    upsert: (id, payload, expiresIn) => run('upsert', () => inner.upsert(id, payload, expiresIn)),
    find: (id) => run('find', () => inner.find(id)),
    findByUid: (uid) => run('findByUid', () => inner.findByUid(uid)),
    findByUserCode: (code) => run('findByUserCode', () => inner.findByUserCode(code)),
    consume: (id) => run('consume', () => inner.consume(id)),
    destroy: (id) => run('destroy', () => inner.destroy(id)),
    revokeByGrantId: (grantId) => run('revokeByGrantId', () => inner.revokeByGrantId(grantId)),
  };
}
