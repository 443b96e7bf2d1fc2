import type {
  ClusterRegistrationRecord,
  RegistrationStore,
} from '../registration-store.interface.js';
import type { RedisConnection } from './redis-connection.js';

/**
 * {@link RegistrationStore} in Redis: one hash (`<prefix>registrations`), field = registration id,
 * value = the record as JSON. One key, so it is valid on a sharded Redis Cluster as is. A field
 * that does not parse is skipped (and logged).
 * @throws StoreUnavailableError from every method while Redis cannot be reached.
 */
export class RedisRegistrationStore implements RegistrationStore {
  private readonly key: string;

  constructor(private readonly redis: RedisConnection) {
    this.key = redis.keys.registrations();
  }

  async list(): Promise<ClusterRegistrationRecord[]> {
    const fields = await this.redis.run('registrations list', (c) => c.hgetall(this.key));
    const records: ClusterRegistrationRecord[] = [];
    for (const [id, text] of Object.entries(fields)) {
      const record = parseRecord(id, text);
      if (record) records.push(record);
      else this.redis.options.logger?.warn(`Redis registration ${id} is malformed; ignored`);
    }
    return records.sort((a, b) => a.at - b.at);
  }

  async put(record: ClusterRegistrationRecord): Promise<void> {
    const text = JSON.stringify(record);
    await this.redis.run('registrations put', (c) => c.hset(this.key, record.id, text));
  }

  async delete(id: string): Promise<ClusterRegistrationRecord | undefined> {
    const replies = await this.redis.run('registrations delete', (c) =>
      c.multi().hget(this.key, id).hdel(this.key, id).exec(),
    );
    const [[, text], [, deleted]] = replies as [[unknown, string | null], [unknown, number]];
    if (deleted !== 1 || text === null) return undefined;
    return parseRecord(id, text) ?? { id, factory: '', params: {}, at: 0 };
  }
}

function parseRecord(id: string, text: string): ClusterRegistrationRecord | undefined {
  try {
    const record = JSON.parse(text) as ClusterRegistrationRecord;
    const ok =
      record?.id === id &&
      typeof record.factory === 'string' &&
      typeof record.params === 'object' &&
      record.params !== null &&
      typeof record.at === 'number';
    return ok ? record : undefined;
  } catch {
    return undefined;
  }
}
