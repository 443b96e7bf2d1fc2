import { createServer, type Server } from 'node:net';
import { ephemeralRange, freePort, freePorts } from '../../../bench/free-ports.js';

const listen = (port: number) =>
  new Promise<Server>((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve(server));
  });
const close = (server: Server) => new Promise((resolve) => server.close(resolve));

describe('free loopback ports (tests and benches)', () => {
  const range = ephemeralRange();

  it('reads the kernel ephemeral range, and nothing from text it cannot read', () => {
    expect(ephemeralRange(() => '32768\t60999\n')).toEqual([32768, 60999]);
    expect(ephemeralRange(() => 'garbage')).toBeUndefined();
    expect(
      ephemeralRange(() => {
        throw new Error('ENOENT');
      }),
    ).toBeUndefined();
  });

  it('hands out ports below the ephemeral range, where no listen(0) nor connection takes them', async () => {
    if (!range) return; // not Linux: the kernel picks (nothing to check here)
    const ports = [await freePort(), await freePort(), ...(await freePorts(5))];
    for (const port of ports) {
      expect(port).toBeGreaterThanOrEqual(20_000);
      expect(port).toBeLessThan(range[0]);
    }
  });

  it('gives ports a server can bind, distinct within a batch', async () => {
    const ports = await freePorts(8);
    expect(new Set(ports).size).toBe(8);
    const servers = await Promise.all(ports.map(listen));
    await Promise.all(servers.map(close));
  });

  it('skips a port that is taken and gives the next free one', async () => {
    // A port held here is never handed out while held: hold the next one this process would try.
    const probe = await freePort();
    const held = await listen(probe + 1).catch(() => undefined);
    try {
      const port = await freePort();
      expect(port).not.toBe(probe + 1);
      const server = await listen(port);
      await close(server);
    } finally {
      if (held) await close(held);
    }
  });
});
