import type { OAuthClientProvider } from '@modelcontextprotocol/sdk/client/auth.js';
import type {
  OAuthClientInformationMixed,
  OAuthClientMetadata,
  OAuthTokens,
} from '@modelcontextprotocol/sdk/shared/auth.js';
import { randomUUID } from 'node:crypto';

export { freePort } from '../../support/free-port.js';

/**
 * The official SDK's `OAuthClientProvider` as a test app would write it: in-memory client
 * information, tokens and PKCE verifier, a random `state`, and a "browser" that only records
 * the authorization URL it was asked to open (the test drives the redirect).
 */
export class TestOAuthProvider implements OAuthClientProvider {
  readonly redirectUrl = 'http://127.0.0.1:9/callback';
  /** The authorization URLs the client asked to open, latest last. */
  readonly openedUrls: URL[] = [];
  private info?: OAuthClientInformationMixed;
  private stored?: OAuthTokens;
  private verifier = '';
  private lastState = '';

  constructor(private readonly options: { refreshTokens: boolean; name: string }) {}

  get clientMetadata(): OAuthClientMetadata {
    return {
      client_name: this.options.name,
      redirect_uris: [this.redirectUrl],
      grant_types: this.options.refreshTokens
        ? ['authorization_code', 'refresh_token']
        : ['authorization_code'],
      response_types: ['code'],
      token_endpoint_auth_method: 'none',
    };
  }

  state(): string {
    this.lastState = randomUUID();
    return this.lastState;
  }

  /** The `state` of the latest authorization request. */
  get expectedState(): string {
    return this.lastState;
  }

  clientInformation() {
    return this.info;
  }
  saveClientInformation(info: OAuthClientInformationMixed): void {
    this.info = info;
  }
  tokens() {
    return this.stored;
  }
  saveTokens(tokens: OAuthTokens): void {
    this.stored = tokens;
  }
  redirectToAuthorization(url: URL): void {
    this.openedUrls.push(url);
  }
  saveCodeVerifier(verifier: string): void {
    this.verifier = verifier;
  }
  codeVerifier(): string {
    return this.verifier;
  }

  /** The latest authorization URL, which the test opens with `completeLogin`. */
  get pendingAuthorization(): URL {
    const url = this.openedUrls.at(-1);
    if (!url) throw new Error('The client did not ask to open an authorization URL');
    return url;
  }
}
