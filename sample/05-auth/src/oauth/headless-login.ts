/** Cookies kept across the redirects of one authorization (one browser's, by name). */
export class CookieJar {
  private readonly cookies = new Map<string, string>();

  store(response: Response): void {
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const eq = pair!.indexOf('=');
      const name = pair!.slice(0, eq).trim();
      const value = pair!.slice(eq + 1);
      if (value === '' || /max-age=0/i.test(line)) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }

  header(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }
}

/**
 * Plays the user in a browser against the sample's authorization server: opens the
 * authorization URL, submits the dev login form as `login`, follows the redirects and returns the
 * URL the authorization server sends the browser back to (the client's redirect URI with `code`,
 * `state` and `iss`), without opening it.
 * @throws Error when the server answers anything else (an error page, a refused client).
 */
export async function completeLogin(authorizationUrl: URL, login: string): Promise<URL> {
  const jar = new CookieJar();
  let url = authorizationUrl;
  let body: string | undefined;
  for (let hop = 0; hop < 10; hop += 1) {
    const response = await fetch(url, {
      method: body === undefined ? 'GET' : 'POST',
      redirect: 'manual',
      headers: {
        cookie: jar.header(),
        ...(body !== undefined && { 'content-type': 'application/x-www-form-urlencoded' }),
      },
      ...(body !== undefined && { body }),
    });
    jar.store(response);
    body = undefined;
    const location = response.headers.get('location');
    if (response.status >= 300 && response.status < 400 && location) {
      const next = new URL(location, url);
      if (next.origin !== authorizationUrl.origin) return next; // back to the client
      url = next;
      continue;
    }
    const text = await response.text();
    if (response.status === 200 && url.pathname.startsWith('/interaction/')) {
      body = new URLSearchParams({ login }).toString(); // submit the login form
      continue;
    }
    throw new Error(
      `Authorization failed at ${url.pathname}: ${response.status} ${text.slice(0, 300)}`,
    );
  }
  throw new Error('Authorization did not finish within 10 redirects');
}
