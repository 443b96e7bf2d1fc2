import { EventEmitter } from 'node:events';
import { StoreUnavailableError } from '../../../../lib/errors/store-unavailable.error.js';
import type { RedisClient } from '../../../../lib/stores/redis/load-ioredis.js';
import type { RedisConnection } from '../../../../lib/stores/redis/redis-connection.js';
import { RedisMessageBus } from '../../../../lib/stores/redis/redis-message-bus.js';
import { RedisOutageLog } from '../../../../lib/stores/redis/redis-outage-log.js';

const client = () => new EventEmitter() as unknown as RedisClient & EventEmitter;

describe('the outage notification of the Redis bus', () => {
  it('RedisOutageLog.onLost: every close of a watched connection, with its role, until unsubscribed', () => {
    const log = new RedisOutageLog('redis://x', undefined);
    const [commands, reader] = [client(), client()];
    log.watch(commands, 'commands');
    log.watch(reader, 'event reader');
    const roles: string[] = [];
    const stop = log.onLost((role) => roles.push(role));
    commands.emit('close');
    reader.emit('close');
    commands.emit('close'); // a failed reconnect attempt
    stop();
    commands.emit('close');
    expect(roles).toEqual(['commands', 'event reader', 'commands']);
  });

  it('RedisMessageBus.onOutage: the loss of the command or subscriber connection only, with the generic error', async () => {
    const log = new RedisOutageLog('redis://x', undefined);
    const subscriber = Object.assign(client(), { subscribe: async () => 1 });
    const connection = {
      keys: { bus: () => 'mcp:bus', registrations: () => 'mcp:registrations' },
      duplicate: (role: string) => (log.watch(subscriber, role), subscriber),
      onLost: (listener: (role: string) => void) => log.onLost(listener),
    } as unknown as RedisConnection;
    const bus = await RedisMessageBus.open(connection);
    const [commands, reader] = [client(), client()];
    log.watch(commands, 'commands');
    log.watch(reader, 'event reader');
    const errors: Error[] = [];
    const stop = bus.onOutage((error) => errors.push(error));
    reader.emit('close');
    expect(errors).toEqual([]);
    subscriber.emit('close');
    commands.emit('close');
    expect(errors).toHaveLength(2);
    expect(errors[0]).toBeInstanceOf(StoreUnavailableError);
    expect((errors[0] as StoreUnavailableError).code).toBe(-32001);
    expect(errors[0].message).toBe('Shared store unavailable, retry shortly');
    stop();
    commands.emit('close');
    expect(errors).toHaveLength(2);
  });
});
