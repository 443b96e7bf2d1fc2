import type {
  McpAuthorizationRecord,
  McpAuthorizationStore,
  McpAuthorizationStoreAdapter,
} from './authorization-store.interface.js';

interface Entry {
  payload: McpAuthorizationRecord;
  expiresAt: number;
}

const nowSeconds = () => Date.now() / 1000;

/**
 * The default store: records in this process's memory, each dropped when it expires (on read,
 * and by a sweep once a minute). For development and single-instance tests; a restart signs
 * everyone out.
 */
export function inMemoryAuthorizationStore(): McpAuthorizationStore {
  const entries = new Map<string, Entry>();
  /** `<model>:uid:<uid>` → record key (sessions are found by uid on every authorization). */
  const byUid = new Map<string, string>();
  const live = (key: string): Entry | undefined => {
    const entry = entries.get(key);
    if (entry && entry.expiresAt <= nowSeconds()) {
      entries.delete(key);
      return undefined;
    }
    return entry;
  };
  // Expired records nobody reads again are dropped once a minute (the timer never holds the process).
  setInterval(() => {
    const now = nowSeconds();
    for (const [k, entry] of entries) {
      if (entry.expiresAt > now) continue;
      entries.delete(k);
      const uid = entry.payload.uid;
      if (typeof uid === 'string') byUid.delete(`${k.slice(0, k.indexOf(':'))}:uid:${uid}`);
    }
  }, 60_000).unref();
  return (model) => {
    const key = (id: string) => `${model}:${id}`;
    const findBy = (field: 'userCode', value: string) => {
      for (const [k, entry] of entries) {
        if (k.startsWith(`${model}:`) && entry.payload[field] === value && live(k)) {
          return Promise.resolve(entry.payload);
        }
      }
      return Promise.resolve(undefined);
    };
    const adapter: McpAuthorizationStoreAdapter = {
      upsert(id, payload, expiresIn) {
        if (typeof payload.uid === 'string') byUid.set(`${model}:uid:${payload.uid}`, key(id));
        entries.set(key(id), {
          payload: structuredClone(payload),
          expiresAt: expiresIn === undefined ? Infinity : nowSeconds() + expiresIn,
        });
        return Promise.resolve();
      },
      find: (id) => Promise.resolve(live(key(id))?.payload),
      findByUid(uid) {
        const target = byUid.get(`${model}:uid:${uid}`);
        return Promise.resolve(target === undefined ? undefined : live(target)?.payload);
      },
      findByUserCode: (userCode) => findBy('userCode', userCode),
      consume(id) {
        // One synchronous check-and-set: of concurrent redemptions exactly one gets true.
        const entry = live(key(id));
        if (!entry || entry.payload.consumed) return Promise.resolve(false);
        entry.payload.consumed = Math.floor(nowSeconds());
        return Promise.resolve(true);
      },
      destroy(id) {
        const uid = entries.get(key(id))?.payload.uid;
        if (typeof uid === 'string') byUid.delete(`${model}:uid:${uid}`);
        entries.delete(key(id));
        return Promise.resolve();
      },
      revokeByGrantId(grantId) {
        for (const [k, entry] of entries) {
          if (k.startsWith(`${model}:`) && entry.payload.grantId === grantId) entries.delete(k);
        }
        return Promise.resolve();
      },
    };
    return adapter;
  };
}
