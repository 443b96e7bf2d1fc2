import type { McpOAuthInteraction } from '../../../../lib/index.js';
import { completeLogin } from './headless-login.js';

/**
 * The user at a browser for `McpOAuthClient`, played by {@link completeLogin} against the
 * sample's authorization server: signs in as `login` and allows what the client asks. Keeps the
 * authorization URLs it was given (scripts print them, tests check them).
 */
export class HeadlessUser implements McpOAuthInteraction {
  /** Every authorization URL opened, oldest first. */
  readonly opened: URL[] = [];

  constructor(private readonly login: string) {}

  /** Registered with the client; never opened (the login stops at the redirect). */
  redirectUri(): string {
    return 'http://127.0.0.1:9/callback';
  }

  async authorize(authorizationUrl: URL): Promise<URL> {
    this.opened.push(authorizationUrl);
    return completeLogin(authorizationUrl, this.login);
  }
}
