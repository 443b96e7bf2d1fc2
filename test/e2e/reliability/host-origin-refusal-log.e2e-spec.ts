import { McpModule } from '../../../lib/index.js';
import { bootApp, type BootedApp } from '../nest/support/nest-app.js';
import { postJson, rawId, rawRequest } from '../support/raw-http.js';
import { RawSocket } from '../websocket/support/raw-socket.js';
import { CapturedLogger } from './support/captured-logger.js';

const ping = () => ({ jsonrpc: '2.0', id: rawId(), method: 'ping' });

/** Issue 12: a Host/Origin refusal is logged once per value, with the option that allows it. */
describe('Host/Origin refusals on a loopback server: 403 and one warn line per refused value', () => {
  let booted: BootedApp;
  let logger: CapturedLogger;
  const warnings = (text: string) =>
    logger.of('McpServer').filter((line) => line.level === 'warn' && line.message.includes(text));

  beforeAll(async () => {
    logger = new CapturedLogger();
    booted = await bootApp({
      imports: [
        McpModule.forRoot({ name: 'guarded', version: '1.0.0', sse: true, websocket: true }),
      ],
      logger,
    });
  });
  afterAll(async () => {
    await booted.close();
  });

  const refusals: Array<[string, (headers: Record<string, string>) => Promise<number>]> = [
    ['Streamable HTTP', async (headers) => (await postJson(booted.url(), ping(), headers)).status],
    [
      'HTTP+SSE',
      async (headers) =>
        (
          await rawRequest(booted.url('/sse'), {
            method: 'GET',
            headers: { accept: 'text/event-stream', ...headers },
          })
        ).status,
    ],
    [
      'WebSocket',
      (headers) => {
        const url = new URL(booted.url('/ws'));
        url.protocol = 'ws:';
        return RawSocket.refusal(url, headers);
      },
    ],
  ];

  describe.each(refusals)('%s', (transport, request) => {
    const domain = `${transport.replace(/\W/g, '').toLowerCase()}.example.com`;

    it('a foreign Host: 403, one warn line naming allowedHosts, none for a repeat', async () => {
      await expect(request({ host: `${domain}:443` })).resolves.toBe(403);
      const lines = warnings(`Host "${domain}:443"`);
      expect(lines).toHaveLength(1);
      expect(lines[0]!.message).toContain(`allowedHosts: ['${domain}']`);
      expect(lines[0]!.message).toContain('dnsRebindingProtection: false');
      expect(lines[0]!.message).toContain('loopback');

      await expect(request({ host: `${domain}:443` })).resolves.toBe(403);
      expect(warnings(`Host "${domain}:443"`)).toHaveLength(1);
    });

    it('a foreign Origin: 403, one warn line naming allowedOrigins, none for a repeat', async () => {
      const origin = `https://${domain}`;
      await expect(request({ origin })).resolves.toBe(403);
      const lines = warnings(`Origin "${origin}"`);
      expect(lines).toHaveLength(1);
      expect(lines[0]!.message).toContain(`allowedOrigins: ['${origin}']`);

      await expect(request({ origin })).resolves.toBe(403);
      expect(warnings(`Origin "${origin}"`)).toHaveLength(1);
    });
  });
});
