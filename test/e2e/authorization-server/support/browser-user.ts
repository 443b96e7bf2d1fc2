import { CookieJar } from '../../../../sample/05-auth/src/oauth/headless-login.js';

/** Where a browser walk stopped. */
export interface WalkResult {
  /** The client's redirect URI with `code`/`error`, `state`, `iss`, when it got there. */
  redirect?: URL;
  /** Otherwise the page it stopped on. */
  page?: { url: URL; status: number; html: string };
  /** How many consent pages were shown. */
  consents: number;
}

/**
 * The user at a browser, played with fetch: follows redirects across the authorization server
 * and the upstream stand-in (which signs in at once), answers consent pages with `decision`,
 * and stops at the client's redirect URI (`clientOrigin`) or at a page it cannot go past.
 */
export class BrowserUser {
  private readonly jar = new CookieJar();

  constructor(private decision: 'allow' | 'deny' = 'allow') {}

  /** Changes the answer to the next consent pages. */
  answer(decision: 'allow' | 'deny'): this {
    this.decision = decision;
    return this;
  }

  async walk(start: URL, clientOrigin: string): Promise<WalkResult> {
    let url = start;
    let post: string | undefined;
    let consents = 0;
    for (let hop = 0; hop < 20; hop += 1) {
      const response = await fetch(url, {
        method: post === undefined ? 'GET' : 'POST',
        redirect: 'manual',
        headers: {
          cookie: this.jar.header(),
          ...(post !== undefined && { 'content-type': 'application/x-www-form-urlencoded' }),
        },
        ...(post !== undefined && { body: post }),
      });
      this.jar.store(response);
      post = undefined;
      const location = response.headers.get('location');
      if (response.status >= 300 && response.status < 400 && location) {
        const next = new URL(location, url);
        if (next.origin === clientOrigin) return { redirect: next, consents };
        url = next;
        continue;
      }
      const html = await response.text();
      const csrf = /name="csrf" value="([^"]+)"/.exec(html)?.[1];
      const action = /<form method="post" action="([^"]+)"/.exec(html)?.[1];
      if (response.status === 200 && csrf && action) {
        consents += 1;
        post = new URLSearchParams({ csrf, decision: this.decision }).toString();
        url = new URL(action.replace(/&#47;/g, '/'), url);
        continue;
      }
      return { page: { url, status: response.status, html }, consents };
    }
    throw new Error('The authorization did not finish within 20 hops');
  }
}
