import { createServer, type Server } from 'node:net';
import { Redis } from 'ioredis';
import {
  monitorRedis,
  parseMonitorLine,
  type MonitoredCommand,
} from '../../../bench/redis-monitor.js';
import { startPrivateRedis } from '../../../bench/redis-probe.js';

describe('parseMonitorLine', () => {
  it('reads the source and the unescaped arguments', () => {
    const line = String.raw`+1795969741.637711 [0 127.0.0.1:57790] "set" "a \"b\"\\" "x\n\x01y"`;
    expect(parseMonitorLine(line)).toEqual({
      source: '127.0.0.1:57790',
      args: ['set', 'a "b"\\', 'x\n\x01y'],
    });
  });

  it('names a script as the source of what it runs', () => {
    expect(parseMonitorLine('+1.5 [0 lua] "get" "k"')).toEqual({
      source: 'lua',
      args: ['get', 'k'],
    });
  });

  it('ignores what is not a command line', () => {
    expect(parseMonitorLine('+OK')).toBeUndefined();
    expect(parseMonitorLine('-ERR nope')).toBeUndefined();
  });
});

describe('monitorRedis', () => {
  /**
   * A server that answers MONITOR with `+OK` and a first command line in one write: ioredis's
   * `monitor()` failed so on a busy Redis ("Command queue state error").
   */
  it('takes a command line that arrives in the same read as the +OK', async () => {
    const server: Server = createServer((socket) => {
      socket.once('data', () =>
        socket.write('+OK\r\n+1.1 [0 127.0.0.1:1] "publish" "bus" "x"\r\n'),
      );
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as { port: number };
    const seen: MonitoredCommand[] = [];
    const stop = await monitorRedis(`redis://127.0.0.1:${port}`, (command) => seen.push(command));
    await new Promise((resolve) => setTimeout(resolve, 50));
    stop();
    server.close();
    expect(seen).toEqual([{ source: '127.0.0.1:1', args: ['publish', 'bus', 'x'] }]);
  });

  it('rejects when the server refuses MONITOR', async () => {
    const server: Server = createServer((socket) => {
      socket.once('data', () => socket.write('-NOAUTH Authentication required.\r\n'));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as { port: number };
    await expect(monitorRedis(`redis://127.0.0.1:${port}`, () => undefined)).rejects.toThrow(
      'MONITOR refused: -NOAUTH',
    );
    server.close();
  });

  it('counts what a real redis-server runs, script lines marked lua', async () => {
    const redis = await startPrivateRedis();
    if (!redis)
      throw new Error('redis-server is not installed (scripts/ensure-redis.sh installs it)');
    const client = new Redis(redis.url);
    try {
      await client.ping(); // its connection handshake is not part of the count
      const seen: MonitoredCommand[] = [];
      const stop = await monitorRedis(redis.url, (command) => seen.push(command));
      await client.set('k', 'v "quoted"');
      await client.eval("return redis.call('get', KEYS[1])", 1, 'k');
      await new Promise((resolve) => setTimeout(resolve, 100));
      stop();
      expect(seen.map((c) => [c.source === 'lua', c.args])).toEqual([
        [false, ['set', 'k', 'v "quoted"']],
        [false, ['eval', "return redis.call('get', KEYS[1])", '1', 'k']],
        [true, ['get', 'k']],
      ]);
    } finally {
      client.disconnect();
      redis.stop();
    }
  });
});
