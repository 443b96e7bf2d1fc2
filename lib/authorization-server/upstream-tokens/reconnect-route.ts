import type { IncomingMessage, ServerResponse } from 'node:http';
import type { McpAuthorizationServerOptions } from '../authorization-server.options.js';
import { errorPage } from '../pages/consent-page.js';
import { htmlPage, escapeHtml, PAGE_HEADERS } from '../pages/html-page.js';
import { callbackUrl, redirectToUpstream } from '../upstream-redirect.js';
import type { McpUpstreamProvider } from '../upstream/upstream-provider.interface.js';
import { exchangeUpstreamCode, type UpstreamAttempt } from '../upstream/upstream-sign-in.js';
import { upstreamSubject } from '../upstream/upstream-subject.js';
import type { UpstreamTokenVault } from './upstream-token-vault.js';

function page(res: ServerResponse, status: number, html: string, cookie?: string): void {
  res.writeHead(status, { ...PAGE_HEADERS, ...(cookie !== undefined && { 'set-cookie': cookie }) });
  res.end(html);
}

/**
 * Signing a user in with an upstream again, for the tokens a tool needs
 * (`/oauth/reconnect/<name>?ticket=…`, the URL of the URL elicitation): the signed ticket names
 * the principal, the upstream and the elicitation; the browser goes to the upstream; back at the
 * callback, the new tokens are kept only when the upstream identity is that principal's, and the
 * elicitation is completed. No authorization of an MCP client is involved.
 */
export class ReconnectRoute {
  constructor(
    private readonly vault: UpstreamTokenVault,
    private readonly upstreams: ReadonlyMap<string, McpUpstreamProvider>,
    private readonly options: McpAuthorizationServerOptions,
    private readonly cookieKey: string,
  ) {}

  /** `GET /oauth/reconnect/<name>?ticket=…`: to the upstream, or a page saying why not. */
  async start(req: IncomingMessage, res: ServerResponse, name: string): Promise<void> {
    const upstream = this.upstreams.get(decodeURIComponent(name));
    const query = new URL(req.url ?? '/', 'http://x').searchParams;
    const ticket = upstream && this.vault.openTicket(query.get('ticket'), upstream.name);
    if (!upstream?.keepTokens || !ticket) {
      return page(
        res,
        400,
        errorPage(
          'Link expired',
          'This sign-in link is not valid or has expired. Try again from your application.',
        ),
      );
    }
    await redirectToUpstream(res, this.options.issuer, this.cookieKey, upstream, '', {
      subject: ticket.s,
      elicitationId: ticket.e,
      ...(ticket.g !== undefined && { grantId: ticket.g }),
    });
  }

  /** The upstream's return for a reconnect attempt: keep the tokens, complete the elicitation. */
  async finish(
    res: ServerResponse,
    upstream: McpUpstreamProvider,
    query: URLSearchParams,
    attempt: UpstreamAttempt,
    clearCookie: string,
  ): Promise<void> {
    const code = query.get('code');
    const { subject, elicitationId, grantId } = attempt.reconnect!;
    if (query.get('error') || !code) {
      return page(
        res,
        400,
        errorPage(`Not signed in with ${upstream.label}`, 'The sign-in did not complete.'),
        clearCookie,
      );
    }
    const redirectUri = callbackUrl(this.options.issuer, upstream.name);
    const tokens = await exchangeUpstreamCode(upstream, code, attempt, redirectUri);
    const who = await upstreamSubject(upstream, tokens, this.options.mapIdentity);
    if ('refused' in who || who.subject !== subject) {
      return page(
        res,
        403,
        errorPage(
          'Another account',
          `You signed in with ${upstream.label} as someone else than the user of your application.`,
        ),
        clearCookie,
      );
    }
    await this.vault.keep(subject, upstream.name, tokens, grantId);
    this.vault.signedIn(elicitationId);
    const title = `Signed in with ${upstream.label}`;
    page(
      res,
      200,
      htmlPage(
        title,
        `<h1>${escapeHtml(title)}</h1><p>You can close this window and go back to your application.</p>`,
      ),
      clearCookie,
    );
  }
}
