import { PLATFORMS } from '../nest/support/platforms.js';
import { bootBehindProxy } from './support/boot-behind-proxy.js';
import type { BootedDemo } from './support/boot-demo.js';
import { RAW_REDIRECT } from './support/raw-oauth.js';

/** Registers a client with `X-Forwarded-For: <forwarded>`; the status. */
async function registerVia(issuer: string, forwarded: string): Promise<number> {
  const response = await fetch(`${issuer}/oauth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': forwarded },
    body: JSON.stringify({ redirect_uris: [RAW_REDIRECT], token_endpoint_auth_method: 'none' }),
  });
  await response.arrayBuffer();
  return response.status;
}

describe.each(PLATFORMS)(
  'McpAuthorizationServerModule: rate limits count the address the framework trusts (%s)',
  (platform) => {
    let demo: BootedDemo;
    beforeAll(async () => {
      demo = await bootBehindProxy(platform, {
        rateLimits: { registration: { limit: 5, windowMs: 60_000 } },
      });
    });
    afterAll(() => demo.close());

    it('a client rotating the leftmost X-Forwarded-For entry still gets its own budget only', async () => {
      const statuses: number[] = [];
      for (let i = 0; i < 25; i += 1) {
        // The client writes the first entry; the proxy on loopback appends the real peer.
        statuses.push(await registerVia(demo.issuer, `10.9.${i}.1, 203.0.113.7`));
      }
      expect(statuses.filter((s) => s === 201)).toHaveLength(5);
      expect(statuses.filter((s) => s === 429)).toHaveLength(20);
      // Another client behind the same proxy has a budget of its own.
      expect(await registerVia(demo.issuer, '10.0.0.1, 198.51.100.9')).toBe(201);
    });
  },
);
