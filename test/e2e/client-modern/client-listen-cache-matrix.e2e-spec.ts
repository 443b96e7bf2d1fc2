import { firstValueFrom } from 'rxjs';
import { connectLibPeer, type LibPeer } from '../matrix/support/lib-peer.js';
import { startMatrixServer, type MatrixServer } from '../matrix/support/matrix-server.js';
import { waitFor, within } from '../support/wait.js';

const COUNTER_URI = 'matrix://counter';

/**
 * Resource subscriptions and the result cache of our McpClient against our matrix server, in both
 * eras over every transport with a 2026 binding. Legacy: `resources/subscribe` and pushes on the
 * session. 2026-07-28: the shared `subscriptions/listen` stream (HTTP SSE response, or frames on
 * the WebSocket/stdio connection), and the counter's `resources/read` (10-minute private hint)
 * served from the cache until its `resources/updated` invalidates it; a stale value proves a hit.
 */
describe.each(['streamable-http', 'websocket', 'stdio'] as const)('over %s', (transport) => {
  describe.each(['legacy', 'auto'] as const)('versionNegotiation %s', (mode) => {
    let server: MatrixServer;
    let peer: LibPeer;

    beforeAll(async () => {
      server = await startMatrixServer(transport);
      peer = await connectLibPeer(server, { versionNegotiation: mode });
      // Legacy pushes ride the session's standalone stream (the 2026 era has none).
      if (mode === 'legacy') await peer.notificationsReady();
    });

    afterAll(async () => {
      await peer?.close();
      await server?.close();
    });

    const counter = async (options?: { fresh?: boolean }) => {
      const read = await peer.client.readResource(COUNTER_URI, options);
      const { text } = read.contents[0] as { text: string };
      return (JSON.parse(text) as { counter: number }).counter;
    };
    const bump = () => peer.client.callTool('bump_counter', { by: 1 });

    it('speaks the expected era', () => {
      expect(peer.client.era).toBe(mode === 'auto' ? 'modern' : 'legacy');
    });

    it('reads the counter from the cache (2026) or the server (legacy) until told it changed', async () => {
      const start = await counter();
      await bump(); // nobody subscribed: no notification reaches the client
      if (mode === 'auto') {
        expect(await counter()).toBe(start); // fresh per ttlMs: served from the cache
        expect(await counter({ fresh: true })).toBe(start + 1);
      } else {
        expect(await counter()).toBe(start + 1); // 2025 results carry no cache hints
      }
    });

    it('subscribeResource: the update arrives and invalidates the cached read', async () => {
      const before = await counter();
      await peer.client.subscribeResource(COUNTER_URI);
      try {
        const updated = firstValueFrom(peer.client.resourceUpdated$(COUNTER_URI));
        await bump();
        expect(await within(updated, 5000, 'resources/updated')).toBe(COUNTER_URI);
        expect(await counter()).toBe(before + 1);
        if (mode === 'auto') {
          expect(peer.client.listening?.resourceSubscriptions).toEqual([COUNTER_URI]);
        }
      } finally {
        await peer.client.unsubscribeResource(COUNTER_URI);
      }
      if (mode === 'auto') expect(peer.client.listening).toBeUndefined();
    });

    it('listen$ (2026) streams the tagged update; the legacy era refuses it', async () => {
      const events = peer.client.listen$({ resourceSubscriptions: [COUNTER_URI] });
      if (mode === 'legacy') {
        await expect(firstValueFrom(events)).rejects.toMatchObject({
          name: 'ListenError',
          reason: 'unsupported',
        });
        return;
      }
      const seen: string[] = [];
      let acked!: () => void;
      const acknowledged = new Promise<void>((resolve) => (acked = resolve));
      const subscription = events.subscribe((event) => {
        if (event.type === 'acknowledged') acked();
        else seen.push(String(event.notification.params?.uri));
      });
      try {
        await within(acknowledged, 5000, 'the acknowledgement');
        await bump();
        await waitFor(() => seen.length > 0, { description: 'the tagged update' });
        expect(seen).toEqual([COUNTER_URI]);
      } finally {
        subscription.unsubscribe();
      }
    });
  });
});
