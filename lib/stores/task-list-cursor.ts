/**
 * Where a page of a shared task store's `list` ended: the creation score (epoch ms) and the id
 * of its last task (ties on the score go by id, descending).
 */
export interface TaskListCursor {
  s: number;
  m: string;
}

/** The opaque `nextCursor` of `cursor`. */
export function encodeTaskListCursor(cursor: TaskListCursor): string {
  return Buffer.from(JSON.stringify(cursor)).toString('base64url');
}

/** The cursor's position; undefined (the first page) when absent or not one of ours. */
export function decodeTaskListCursor(cursor: string | undefined): TaskListCursor | undefined {
  if (cursor === undefined) return undefined;
  try {
    const value = JSON.parse(Buffer.from(cursor, 'base64url').toString()) as TaskListCursor;
    if (typeof value.s === 'number' && typeof value.m === 'string') return value;
  } catch {
    // fall through
  }
  return undefined;
}
