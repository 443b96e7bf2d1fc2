import type { InputRequests } from '../protocol/schema/modern.js';
import type { TaskStatus } from '../protocol/schema/tasks.js';

/**
 * What is kept of one task (a tool call that outlives its request). A plain JSON record, so a
 * shared store (Redis, SQL) can hold it as a string; the running handler itself stays in the
 * process that started it.
 */
export interface TaskRecord {
  /** Server-minted, unguessable id. */
  taskId: string;
  /** Who created it; only the same principal may read, update or cancel it. */
  owner: string;
  /** The protocol era it was created under (decides its wire shape). */
  era: 'legacy' | 'modern';
  /** The augmented request: `tools/call` and the tool's name. */
  method: string;
  name: string;
  status: TaskStatus;
  statusMessage?: string;
  /** ISO 8601 timestamps. */
  createdAt: string;
  lastUpdatedAt: string;
  /** Lifetime from creation in ms (null: unlimited) and the suggested polling interval. */
  ttlMs: number | null;
  pollIntervalMs: number;
  /** Epoch ms after which the record may be dropped (null: never). */
  expiresAt: number | null;
  /** The final result once `completed`. */
  result?: Record<string, unknown>;
  /** The JSON-RPC error once `failed`. */
  error?: { code: number; message: string; data?: unknown };
  /** The outstanding input requests while `input_required`, by key. */
  inputRequests?: InputRequests;
  /**
   * The server instance running the handler, when instances share a bus: `tasks/update` and
   * `tasks/cancel` received elsewhere are routed there, and the task fails if it is gone.
   */
  runner?: string;
}

/** Changes applied to a record by {@link TaskStore.update}; `undefined` members are removed. */
export type TaskRecordPatch = Partial<
  Pick<TaskRecord, 'status' | 'statusMessage' | 'result' | 'error' | 'inputRequests'>
> & { lastUpdatedAt: string };

/** One page of a principal's tasks, newest first. */
export interface TaskPage {
  tasks: TaskRecord[];
  /** Opaque; absent on the last page. */
  nextCursor?: string;
}

/**
 * Persistence seam for tasks. Every method is async and works on JSON records, so a shared
 * implementation (Redis, SQL) can replace the in-memory default; expired records (`expiresAt`
 * in the past) must read as absent.
 */
export interface TaskStore {
  /** Stores a new record; resolves once a `get` of its id would find it. */
  create(record: TaskRecord): Promise<void>;
  /** The record, or undefined when unknown or expired. */
  get(taskId: string): Promise<TaskRecord | undefined>;
  /**
   * Applies `patch` unless the record is terminal (completed, failed, cancelled) and the patch
   * changes its status; resolves to the record as stored afterwards (undefined: unknown).
   */
  update(taskId: string, patch: TaskRecordPatch): Promise<TaskRecord | undefined>;
  /** A page of the tasks `owner` created, newest first. */
  list(owner: string, cursor: string | undefined, limit: number): Promise<TaskPage>;
  /** Drops a record. */
  delete(taskId: string): Promise<void>;
  /** Stops timers; the server calls it on shutdown. */
  close?(): Promise<void> | void;
}

/** True for `completed`, `failed` and `cancelled`: a task never leaves these. */
export function isTerminalStatus(status: TaskStatus): boolean {
  return status === 'completed' || status === 'failed' || status === 'cancelled';
}
