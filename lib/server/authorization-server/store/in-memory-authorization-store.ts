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
 * The default store: records in this process's memory, each dropped when it expires (checked on
 * read). For development and single-instance tests; a restart signs everyone out.
 */
export function inMemoryAuthorizationStore(): McpAuthorizationStore {
  const entries = new Map<string, Entry>();
  const live = (key: string): Entry | undefined => {
    const entry = entries.get(key);
    if (entry && entry.expiresAt <= nowSeconds()) {
      entries.delete(key);
      return undefined;
    }
    return entry;
  };
  return (model) => {
    const key = (id: string) => `${model}:${id}`;
    const findBy = (field: 'uid' | 'userCode', value: string) => {
      for (const [k, entry] of entries) {
        if (k.startsWith(`${model}:`) && entry.payload[field] === value && live(k)) {
          return Promise.resolve(entry.payload);
        }
      }
      return Promise.resolve(undefined);
    };
    const adapter: McpAuthorizationStoreAdapter = {
      upsert(id, payload, expiresIn) {
        entries.set(key(id), {
          payload: structuredClone(payload),
          expiresAt: expiresIn === undefined ? Infinity : nowSeconds() + expiresIn,
        });
        return Promise.resolve();
      },
      find: (id) => Promise.resolve(live(key(id))?.payload),
      findByUid: (uid) => findBy('uid', uid),
      findByUserCode: (userCode) => findBy('userCode', userCode),
      consume(id) {
        const entry = live(key(id));
        if (entry) entry.payload.consumed = Math.floor(nowSeconds());
        return Promise.resolve();
      },
      destroy(id) {
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
