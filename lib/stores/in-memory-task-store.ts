import {
  isTerminalStatus,
  type TaskPage,
  type TaskRecord,
  type TaskRecordPatch,
  type TaskStore,
} from './task-store.interface.js';

/** How often expired records are swept (they already read as absent before that). */
const SWEEP_INTERVAL_MS = 60_000;

/**
 * Task records in a Map (the default store): copies in and out, so a record behaves as it would
 * in a shared store; expired records read as absent and are swept every minute (the timer does
 * not keep the process alive).
 */
export class InMemoryTaskStore implements TaskStore {
  private readonly records = new Map<string, TaskRecord>();
  private sweeper?: ReturnType<typeof setInterval>;

  async create(record: TaskRecord): Promise<void> {
    this.records.set(record.taskId, structuredClone(record));
    this.sweeper ??= setInterval(() => this.sweep(), SWEEP_INTERVAL_MS);
    this.sweeper.unref?.();
  }

  async get(taskId: string): Promise<TaskRecord | undefined> {
    const record = this.live(taskId);
    return record && structuredClone(record);
  }

  async update(taskId: string, patch: TaskRecordPatch): Promise<TaskRecord | undefined> {
    const record = this.live(taskId);
    if (!record) return undefined;
    if (isTerminalStatus(record.status) && patch.status && patch.status !== record.status) {
      return structuredClone(record);
    }
    for (const [key, value] of Object.entries(structuredClone(patch))) {
      if (value === undefined) delete (record as unknown as Record<string, unknown>)[key];
      else (record as unknown as Record<string, unknown>)[key] = value;
    }
    return structuredClone(record);
  }

  async list(owner: string, cursor: string | undefined, limit: number): Promise<TaskPage> {
    const mine: TaskRecord[] = [];
    const now = Date.now();
    for (const record of this.records.values()) {
      if (record.owner === owner && !expired(record, now)) mine.push(record);
    }
    mine.reverse(); // insertion order, newest first
    const start = cursor === undefined ? 0 : Math.max(0, Number.parseInt(cursor, 10) || 0);
    const page = mine.slice(start, start + limit).map((record) => structuredClone(record));
    const next = start + limit;
    return next < mine.length ? { tasks: page, nextCursor: String(next) } : { tasks: page };
  }

  async delete(taskId: string): Promise<void> {
    this.records.delete(taskId);
  }

  close(): void {
    if (this.sweeper) clearInterval(this.sweeper);
    this.sweeper = undefined;
  }

  /** Number of records held, expired ones not yet swept included (tests, diagnostics). */
  get size(): number {
    return this.records.size;
  }

  private live(taskId: string): TaskRecord | undefined {
    const record = this.records.get(taskId);
    if (record && expired(record, Date.now())) {
      this.records.delete(taskId);
      return undefined;
    }
    return record;
  }

  private sweep(): void {
    const now = Date.now();
    for (const [id, record] of this.records) if (expired(record, now)) this.records.delete(id);
  }
}

function expired(record: TaskRecord, now: number): boolean {
  return record.expiresAt !== null && record.expiresAt <= now;
}
