import type { Browser, Page } from 'playwright-core';
import type {
  McpAuthorizationServerModuleOptions,
  McpExplorerSettings,
} from '../../../lib/index.js';
import { AppModule } from '../../../sample/11-authorization-server/src/app.module.js';
import { hasChromium, launchChromium } from '../../support/chromium.js';
import { freePort } from '../support/free-port.js';
import { bootApp } from '../nest/support/nest-app.js';
import { demoOf, presetFor, type BootedDemo } from '../authorization-server/support/boot-demo.js';
import {
  selfSigned,
  trustingFetch,
} from '../authorization-server/support/metadata-document-server.js';
import { startUpstreamStandIn } from '../authorization-server/support/upstream-stand-in.js';

const describeBrowser = hasChromium ? describe : describe.skip;

/** `sample/11` with its explorer, on http or https, the explorer and server options given. */
async function boot(
  scheme: 'http' | 'https',
  explorer: McpExplorerSettings,
  authorizationServer: (issuer: string) => Partial<McpAuthorizationServerModuleOptions>,
): Promise<BootedDemo> {
  const upstream = await startUpstreamStandIn('github');
  const port = await freePort();
  const issuer = `${scheme}://127.0.0.1:${port}`;
  const tls = scheme === 'https' ? selfSigned() : undefined;
  const booted = await bootApp({
    platform: 'express',
    port,
    ...(tls && { https: tls }),
    imports: [
      AppModule.forRoot({
        origin: issuer,
        upstream: presetFor(upstream),
        explorer,
        authorizationServer: {
          ...(tls && {
            // The app fetches its own document: trust its self-signed certificate.
            clientIdMetadataDocuments: {
              allowPrivateAddresses: true,
              fetch: trustingFetch(tls.cert),
            },
          }),
          ...authorizationServer(issuer),
        },
      }),
    ],
  });
  return demoOf(booted, upstream, issuer);
}

/** What the page did on its way to sign in: registrations posted, authorizations asked. */
function watch(page: Page) {
  const seen = { registrations: 0, clientIds: [] as string[] };
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname === '/oauth/register') seen.registrations += 1;
    if (url.pathname === '/oauth/authorize' && url.searchParams.has('client_id')) {
      seen.clientIds.push(url.searchParams.get('client_id')!);
    }
  });
  return seen;
}

/** Connect, allow on the consent page, back connected: the consent page's heading. */
async function signIn(page: Page, demo: BootedDemo): Promise<string> {
  await page.goto(`${demo.issuer}/explorer`);
  await page.click('#connect');
  await page.getByRole('button', { name: 'Allow' }).waitFor({ timeout: 20_000 });
  const heading = String(await page.getByRole('heading', { level: 1 }).textContent());
  await Promise.all([
    page.waitForURL(`${demo.issuer}/explorer**`),
    page.getByRole('button', { name: 'Allow' }).click(),
  ]);
  await page.waitForSelector('body[data-connected]', { timeout: 20_000 }).catch(async (error) => {
    throw new Error(`not connected: ${String(await page.textContent('#status'))}`, {
      cause: error,
    });
  });
  expect(await page.textContent('#principal')).toContain('github:583231');
  return heading;
}

/**
 * The explorer's client identity at the authorization server, in the MCP order (2025-11-25,
 * client registration): a pre-registered client id from the explorer options, used as is; else,
 * where the server advertises `client_id_metadata_document_supported` and the page is on https,
 * the URL of the Client ID Metadata Document the app serves for the page (the server fetches it);
 * else Dynamic Client Registration (explorer-sign-in.e2e-spec.ts).
 */
describeBrowser('explorer client identity: pre-registered, metadata document (Chromium)', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchChromium();
  }, 60_000);
  afterAll(() => browser?.close());

  it('signs in with the pre-registered client id of the explorer options, registering nothing', async () => {
    const demo = await boot('http', { signIn: { clientId: 'team-explorer' } }, (issuer) => ({
      clients: [
        { clientId: 'team-explorer', name: 'Team explorer', redirectUris: [`${issuer}/explorer`] },
      ],
    }));
    const context = await browser.newContext();
    try {
      const page = await context.newPage();
      const seen = watch(page);
      expect(await signIn(page, demo)).toContain('Team explorer');
      expect(seen.clientIds).toEqual(['team-explorer']);
      expect(seen.registrations).toBe(0);
    } finally {
      await context.close();
      await demo.close();
    }
  }, 90_000);

  it('on https signs in with its Client ID Metadata Document, served by the app', async () => {
    const demo = await boot('https', {}, () => ({}));
    const context = await browser.newContext({ ignoreHTTPSErrors: true });
    try {
      const document = `${demo.issuer}/explorer/client-metadata.json`;
      const metadata = (await (await context.request.get(document)).json()) as Record<
        string,
        unknown
      >;
      expect(metadata).toMatchObject({
        client_id: document,
        redirect_uris: [`${demo.issuer}/explorer`, `${demo.issuer}/explorer/`],
        token_endpoint_auth_method: 'none',
      });
      const page = await context.newPage();
      const seen = watch(page);
      expect(await signIn(page, demo)).toContain('MCP Explorer');
      expect(seen.clientIds).toEqual([document]);
      expect(seen.registrations).toBe(0);
    } finally {
      await context.close();
      await demo.close();
    }
  }, 90_000);

  it('falls back to registration where the server takes no metadata documents', async () => {
    const demo = await boot('https', {}, () => ({ clientIdMetadataDocuments: false }));
    const context = await browser.newContext({ ignoreHTTPSErrors: true });
    try {
      const page = await context.newPage();
      const seen = watch(page);
      await signIn(page, demo);
      expect(seen.registrations).toBe(1);
      expect(seen.clientIds).toHaveLength(1);
      expect(seen.clientIds[0]).not.toMatch(/^https:/);
    } finally {
      await context.close();
      await demo.close();
    }
  }, 90_000);
});
