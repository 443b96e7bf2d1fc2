import { UpstreamSignInError } from './upstream-error.js';
import { checkedUpstreamId, GITHUB_USER_ID } from './upstream-id.js';
import { stringField, upstreamJson } from './upstream-fetch.js';
import type { McpUpstreamProvider } from './upstream-provider.interface.js';

/** Options of {@link githubUpstream}. */
export interface GitHubUpstreamOptions {
  /** The GitHub OAuth app's client id. */
  clientId: string;
  /** The GitHub OAuth app's client secret. */
  clientSecret: string;
  /** Scopes asked from GitHub. Default `'read:user user:email'`. */
  scope?: string;
  /** Where GitHub's web endpoints are (GitHub Enterprise, tests). Default `https://github.com`. */
  webUrl?: string;
  /** Where GitHub's REST API is. Default `https://api.github.com`. */
  apiUrl?: string;
  /** Keep the user's tokens for tools (`ctx.auth.upstreamToken()`). Default false. */
  keepTokens?: boolean;
}

/**
 * Sign-in with GitHub (an OAuth app, whose callback URL is
 * `<issuer>/oauth/callback/github`): the principal is `github:<numeric user id>`, with the login
 * as `username`. An id that is not a positive integer refuses the sign-in.
 */
export function githubUpstream(options: GitHubUpstreamOptions): McpUpstreamProvider {
  const web = (options.webUrl ?? 'https://github.com').replace(/\/$/, '');
  const api = (options.apiUrl ?? 'https://api.github.com').replace(/\/$/, '');
  return {
    name: 'github',
    label: 'GitHub',
    clientId: options.clientId,
    clientSecret: options.clientSecret,
    scope: options.scope ?? 'read:user user:email',
    keepTokens: options.keepTokens ?? false,
    authorizationEndpoint: () => Promise.resolve(`${web}/login/oauth/authorize`),
    tokenEndpoint: () => Promise.resolve(`${web}/login/oauth/access_token`),
    async identify({ access_token }) {
      const user = await upstreamJson('github', 'Reading the GitHub user', `${api}/user`, {
        headers: { authorization: `Bearer ${access_token}`, 'user-agent': 'nestjs-mcp' },
      });
      const id = stringField(user, 'id');
      if (!id) throw new UpstreamSignInError('GitHub did not say who signed in', 'github');
      return {
        provider: 'github',
        id: checkedUpstreamId('github', id, GITHUB_USER_ID),
        raw: user,
        ...optional('username', stringField(user, 'login')),
        ...optional('email', stringField(user, 'email')),
        ...optional('name', stringField(user, 'name')),
      };
    },
  };
}

/** `{ [key]: value }` when value is set, else `{}` (for exact optional properties). */
export function optional<K extends string>(
  key: K,
  value: string | undefined,
): Partial<Record<K, string>> {
  return value === undefined ? {} : ({ [key]: value } as Record<K, string>);
}
