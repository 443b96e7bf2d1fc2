import type { IncomingMessage } from 'node:http';
import { openRawSseSession } from '../sse/support/raw-sse.js';
import { rawId } from '../support/raw-http.js';
import { startReliabilityApp, type ReliabilityApp } from './support/reliability-app.js';

const as = (user: string) => ({ 'x-user': user });

/**
 * Defect 4 of issue 11: on the legacy HTTP+SSE transport another authenticated user's POST into
 * alice's session was accepted (202). The session is now bound to the principal that opened its
 * stream, as on Streamable HTTP: 403 for anyone else.
 */
describe('HTTP+SSE binds a session to its principal', () => {
  let server: ReliabilityApp;

  beforeAll(async () => {
    server = await startReliabilityApp({
      principal: (req: IncomingMessage) => req.headers['x-user'] as string | undefined,
    });
  });

  afterAll(async () => {
    await server.close();
  });

  it('refuses another principal’s POST with 403 and serves the owner', async () => {
    const session = await openRawSseSession(new URL('/sse', server.origin), as('alice'));
    try {
      const ping = () => ({ jsonrpc: '2.0', id: rawId(), method: 'ping' });
      const mallory = await session.post(ping(), as('mallory'));
      expect(mallory.status).toBe(403);
      expect(JSON.parse(mallory.text)).toMatchObject({ error: { code: -32600 } });
      expect((await session.post(ping(), {})).status).toBe(403);

      const own = ping();
      expect((await session.post(own, as('alice'))).status).toBe(202);
      const seen = await session.readUntil((m) => m.id === own.id);
      expect(seen).toEqual([expect.objectContaining({ id: own.id, result: {} })]);
    } finally {
      session.stream.abort();
    }
  });
});
