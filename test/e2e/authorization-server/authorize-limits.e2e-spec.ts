import { bootBehindProxy } from './support/boot-behind-proxy.js';
import type { BootedDemo } from './support/boot-demo.js';
import {
  startMetadataDocumentServer,
  type MetadataDocumentServer,
} from './support/metadata-document-server.js';
import { authorizationUrl, pkce } from './support/raw-oauth.js';

/**
 * Issue 39 row 4: `/oauth/authorize` drove one outbound Client ID Metadata Document fetch per
 * distinct `client_id` URL, as fast as a client asked (60 URLs, 60 fetches in 1.1 s). The
 * documents are served by a local https listener that counts what it is asked for.
 */
describe('McpAuthorizationServerModule: /authorize and metadata document fetches are bounded', () => {
  let documents: MetadataDocumentServer;
  let demo: BootedDemo;
  let run = 0;

  beforeAll(async () => {
    documents = await startMetadataDocumentServer();
    demo = await bootBehindProxy('express', {
      clientIdMetadataDocuments: {
        allowPrivateAddresses: true,
        fetch: documents.fetch,
        fetchLimits: { total: { limit: 20, windowMs: 60_000 } },
      },
    });
  });
  afterAll(async () => {
    await demo.close();
    await documents.close();
  });

  /** GET /oauth/authorize for `clientId`, from `address` (behind the trusted loopback proxy). */
  async function authorize(clientId: string, address: string): Promise<number> {
    const url = authorizationUrl(demo.issuer, {
      client_id: clientId,
      scope: 'notes:read',
      code_challenge: pkce().challenge,
      code_challenge_method: 'S256',
    });
    const response = await fetch(url, {
      redirect: 'manual',
      headers: { 'x-forwarded-for': address },
    });
    await response.arrayBuffer();
    return response.status;
  }

  /** `count` metadata document URLs nobody serves (each fetch is a 404). */
  const urls = (count: number) => {
    run += 1;
    return Array.from({ length: count }, (_, i) => `${documents.origin}/r${run}/c${i}.json`);
  };

  it('one address: /authorize answers 429 past its budget, and at most 10 documents are fetched', async () => {
    const before = documents.requests.length;
    const statuses: number[] = [];
    for (const url of urls(60)) statuses.push(await authorize(url, '203.0.113.10'));
    expect(statuses.filter((s) => s === 429)).toHaveLength(30); // 30 a minute per address
    expect(documents.requests.length - before).toBeLessThanOrEqual(10);
    expect(documents.requests.length - before).toBeGreaterThan(0); // control: fetches do happen
  });

  it('60 addresses: the fetches of all of them stay within the total budget', async () => {
    const before = documents.requests.length;
    const list = urls(60);
    for (const [i, url] of list.entries()) await authorize(url, `198.51.100.${i + 1}`);
    expect(documents.requests.length - before).toBeLessThanOrEqual(20);
  });

  it('a document that failed is not fetched again for a while, whoever asks', async () => {
    const [url] = urls(1);
    await authorize(url!, '192.0.2.1');
    const fetched = documents.requests.length;
    for (let i = 2; i < 6; i += 1) await authorize(url!, `192.0.2.${i}`);
    expect(documents.requests.length).toBe(fetched);
  });
});
