import type { SessionRecord, SessionStore } from './session-store.interface.js';

/** Session records in a Map with lazy expiry (checked on read). */
export class InMemorySessionStore implements SessionStore {
  private readonly records = new Map<string, { record: SessionRecord; expiresAt: number }>();

  async get(id: string): Promise<SessionRecord | undefined> {
    const entry = this.records.get(id);
    if (!entry) return undefined;
    if (entry.expiresAt <= Date.now()) {
      this.records.delete(id);
      return undefined;
    }
    return entry.record;
  }

  async set(record: SessionRecord, ttlMs: number): Promise<void> {
    this.records.set(record.id, { record, expiresAt: Date.now() + ttlMs });
  }

  async touch(id: string, ttlMs: number): Promise<boolean> {
    const entry = this.records.get(id);
    if (!entry || entry.expiresAt <= Date.now()) return false;
    entry.expiresAt = Date.now() + ttlMs;
    return true;
  }

  async load(id: string, ttlMs: number): Promise<SessionRecord | undefined> {
    const record = await this.get(id);
    if (record) await this.touch(id, ttlMs);
    return record;
  }

  async delete(id: string): Promise<void> {
    this.records.delete(id);
  }

  /** Number of live records (for tests and diagnostics). */
  get size(): number {
    return this.records.size;
  }
}
