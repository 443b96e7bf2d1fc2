import type { SessionRecord, SessionStore } from '../../stores/session-store.interface.js';

/**
 * Reads the record of a session shared by instances. Under the store's watch (see
 * `SessionRecordWatch`): a plain read, after which the copy is trusted until the record changes
 * (extending the life here would count as a change for every other instance's watch: the caller
 * extends it at most ten times per idle period). Otherwise the record is read and its life
 * extended to `ttlMs` in one step (`load`), or in two.
 */
export async function loadRecord(
  store: SessionStore,
  id: string,
  ttlMs: number,
): Promise<SessionRecord | undefined> {
  const { watch } = store;
  const token = watch?.begin(id);
  if (token !== undefined) {
    const record = await store.get(id);
    if (record) watch!.commit(id, token);
    return record;
  }
  if (store.load) return store.load(id, ttlMs);
  const record = await store.get(id);
  if (record) await store.touch(id, ttlMs);
  return record;
}

/**
 * Writes the record of a session (`watched`: shared by instances). The instance's own write is not
 * reported back to it by the store's watch, so its copy, which holds what was written, stays
 * trusted; a failed write drops the trust.
 */
export function saveRecord(
  store: SessionStore,
  record: SessionRecord,
  ttlMs: number,
  watched: boolean,
): Promise<void> {
  const { watch } = store;
  // A store without a watch (the in-memory one): its write alone, with no frame of its own.
  return watch ? saveUnderWatch(store, watch, record, ttlMs, watched) : store.set(record, ttlMs);
}

async function saveUnderWatch(
  store: SessionStore,
  watch: NonNullable<SessionStore['watch']>,
  record: SessionRecord,
  ttlMs: number,
  watched: boolean,
): Promise<void> {
  const token = watched ? watch.begin(record.id) : undefined;
  try {
    await store.set(record, ttlMs);
  } catch (error) {
    watch.forget(record.id);
    throw error;
  }
  if (token !== undefined) watch.commit(record.id, token);
}
