import type { EndedSession, SessionStore } from '../../stores/session-store.interface.js';
import { storeRefusal } from './store-refusal.js';

/**
 * How long the end mark of a session whose record was lost stays in the store: long enough for
 * every instance to have reconnected after an outage (so no live copy restores an ended session),
 * short so that requests with forged ids leave little behind.
 */
const END_MARK_TTL_MS = 60_000;

/**
 * A request found a session's record missing: the store decides whether the session ended
 * (truthy; `'marked'` when this instance put the end mark) or a live copy elsewhere restored it
 * meanwhile (false: read it again). Without the store's arbitration (`markEnded`), a missing
 * record ends the session.
 * @throws HttpRefusal (503) when the store cannot be reached.
 */
export async function markEnded(store: SessionStore, id: string): Promise<boolean | 'marked'> {
  if (!store.markEnded) return true;
  try {
    // No bus message from here when this instance has no copy (a forged id would cost one per
    // request): the copies elsewhere read the mark on their next request, and idle ones go.
    return await store.markEnded(id, END_MARK_TTL_MS);
  } catch (error) {
    throw storeRefusal(error);
  }
}

/**
 * A request found the record gone (expired, Redis emptied): claims the session's end, so its
 * hook runs once in the service whether a sweep or a request finds it first. A session the
 * store's expiry index does not list (Redis emptied, or no index) is ended, with its hook, by
 * the instance that put the end mark (`marked`), if it holds a live copy (`liveHere`, asked once
 * the store answered).
 * @throws HttpRefusal (503) when the store cannot be reached.
 */
export async function claimEnded(
  store: SessionStore,
  id: string,
  marked: boolean,
  liveHere: () => boolean,
): Promise<EndedSession | undefined> {
  let claimed: EndedSession | undefined;
  try {
    claimed = await store.claimEnded?.(id);
  } catch (error) {
    throw storeRefusal(error);
  }
  if (claimed) return claimed;
  const unlisted = marked || !store.claimEnded;
  return unlisted && liveHere() ? { id } : undefined;
}
