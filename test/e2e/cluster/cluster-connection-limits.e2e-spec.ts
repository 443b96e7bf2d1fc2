import { execFile } from 'node:child_process';
import { get, type IncomingHttpHeaders } from 'node:http';
import { promisify } from 'node:util';
import { openRawSseSession, type RawSseSession } from '../sse/support/raw-sse.js';
import { RawSocket } from '../websocket/support/raw-socket.js';
import { waitFor, within } from '../support/wait.js';
import {
  startCluster,
  type ClusterOn,
  type Instance,
  CLUSTER_START_MS,
} from './support/cluster.js';
import { describeWithRedis } from './support/redis-deployments.js';

/**
 * Issue 38 row 6, connection-bound sessions: on Redis the session caps count WebSocket
 * connections and legacy HTTP+SSE streams for the whole service, as they do Streamable HTTP
 * sessions. Two real processes of `sample/10-cluster` on a private Redis behind the round-robin
 * proxy (it sends each GET and each upgrade to the next instance, so consecutive connections
 * land on different instances); every connection comes from the proxy's address.
 */
import.meta.jest.setTimeout(120_000);

/** How long a connection's lease lasts in Redis after its instance last renewed it. */
const LEASE_MS = 6000;

describeWithRedis(
  'WebSocket and legacy SSE session caps for the whole service (2 instances)',
  () => {
    let cluster: ClusterOn<'private'>;
    const sockets: RawSocket[] = [];
    const streams: RawSseSession[] = [];
    const wsUrl = (origin = cluster.proxy.url) => new URL('/ws', origin.replace('http', 'ws'));
    const sseUrl = () => new URL('/sse', cluster.proxy.url);
    /** Opens a socket; resolves with it once it is served (initialize answered), or its close. */
    const tryWs = async (url = wsUrl()) => {
      const socket = await RawSocket.open(url);
      sockets.push(socket);
      const served = socket.initialize().then(
        () => 'served' as const,
        () => socket.closed,
      );
      return within(Promise.race([served, socket.closed]), 5000, 'the socket served or closed');
    };

    beforeAll(async () => {
      cluster = await startCluster(
        2,
        {
          MCP_WEBSOCKET: '1',
          MCP_LIMITS: JSON.stringify({ maxSessionsPerAddress: 2, connectionLeaseMs: LEASE_MS }),
        },
        { redis: 'private' },
      );
    }, CLUSTER_START_MS);
    afterEach(async () => {
      for (const socket of sockets.splice(0)) socket.ws.terminate();
      for (const stream of streams.splice(0)) stream.stream.abort();
      // The next test starts when both places are free again: every release has reached Redis
      // (a probe connection served here would still hold its place a moment after its close).
      await waitFor(async () => (await heldPlaces()) === 0, {
        description: 'the places to be released',
        timeoutMs: 3 * LEASE_MS,
        intervalMs: 200,
      });
    });
    afterAll(async () => {
      await cluster?.close();
    });

    it('WebSocket: 2 connections over 2 instances fill maxSessionsPerAddress; the 3rd gets 1013; a close gives the room back', async () => {
      const from = cluster.proxy.log.length;
      expect(await tryWs()).toBe('served');
      expect(await tryWs()).toBe('served');
      // Both places are held in Redis, for the whole service.
      expect(await heldPlaces()).toBe(2);
      const third = await tryWs();
      expect(new Set(cluster.proxy.log.slice(from))).toEqual(
        new Set(cluster.instances.map((i) => i.port)),
      );
      expect(third).toMatchObject({
        code: 1013,
        reason: expect.stringContaining('Too many sessions from this address'),
      });

      sockets[0]!.ws.close();
      await waitFor(async () => (await tryWs()) === 'served', {
        description: 'a place freed by the close, on either instance',
        intervalMs: 200,
      });
    });

    it('legacy SSE: the 3rd stream over 2 instances gets 429 maxSessionsPerAddress; a close gives the room back', async () => {
      const from = cluster.proxy.log.length;
      streams.push(await openRawSseSession(sseUrl()));
      streams.push(await openRawSseSession(sseUrl()));
      const refused = await getSse();
      expect(new Set(cluster.proxy.log.slice(from))).toEqual(
        new Set(cluster.instances.map((i) => i.port)),
      );
      expect(refused.status).toBe(429);
      expect(refused.headers['retry-after']).toBe('1');
      expect(JSON.parse(refused.body)).toMatchObject({
        error: { code: -32000, data: { limit: 'maxSessionsPerAddress', max: 2 } },
      });
      // Streams and sockets count in the same caps.
      expect(await tryWs()).toMatchObject({ code: 1013 });

      streams.shift()!.stream.abort();
      await waitFor(async () => (await getSse()).status === 200, {
        description: 'a place freed by the closed stream',
        intervalMs: 200,
      });
    });

    it('open connections keep their places past the lease; an instance killed with them open frees them when their lease ends', async () => {
      const [alive, doomed] = cluster.instances as [Instance, Instance];
      const origin = (instance: typeof alive) => `http://127.0.0.1:${instance.port}`;
      expect(await tryWs(wsUrl(origin(doomed)))).toBe('served');
      expect(await tryWs(wsUrl(origin(doomed)))).toBe('served');
      // Held past their lease, they still count: their instance renews them while they live.
      await new Promise((resolve) => setTimeout(resolve, 1.5 * LEASE_MS));
      expect(await tryWs(wsUrl(origin(alive)))).toMatchObject({ code: 1013 });
      await cluster.kill(doomed);
      // Its places still count: nobody released them.
      expect(await tryWs(wsUrl(origin(alive)))).toMatchObject({ code: 1013 });
      // Until the leases it no longer renews end.
      await waitFor(async () => (await tryWs(wsUrl(origin(alive)))) === 'served', {
        description: 'the dead instance’s leases to end',
        timeoutMs: 4 * LEASE_MS,
        intervalMs: 200,
      });
    });

    /** How many connections hold a place in the service's caps: their member keys in Redis. */
    async function heldPlaces(): Promise<number> {
      const { stdout } = await promisify(execFile)('redis-cli', [
        ...['-p', String(cluster.redis.port), '--scan'],
        ...['--pattern', '*limits:{limits}:member:*'],
      ]);
      return stdout.split('\n').filter(Boolean).length;
    }

    /**
     * GET on the SSE path through the proxy: a stream that opens is ended at once (its session
     * closes), a refusal is read whole.
     */
    function getSse(): Promise<{ status: number; headers: IncomingHttpHeaders; body: string }> {
      return new Promise((resolve, reject) => {
        const req = get(sseUrl(), { headers: { accept: 'text/event-stream' } }, (res) => {
          const status = res.statusCode ?? 0;
          if (status === 200) {
            req.destroy();
            return resolve({ status, headers: res.headers, body: '' });
          }
          let body = '';
          res.setEncoding('utf8');
          res.on('data', (chunk: string) => (body += chunk));
          res.on('end', () => resolve({ status, headers: res.headers, body }));
        });
        req.on('error', reject);
      });
    }
  },
);
