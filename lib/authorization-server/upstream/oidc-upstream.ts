import { optional } from './github-upstream.js';
import { UpstreamSignInError } from './upstream-error.js';
import { checkedUpstreamId } from './upstream-id.js';
import { stringField, upstreamJson } from './upstream-fetch.js';
import type { McpUpstreamProvider, UpstreamTokens } from './upstream-provider.interface.js';

/** The endpoints of an OpenID Connect provider. */
export interface OidcUpstreamEndpoints {
  authorization_endpoint: string;
  token_endpoint: string;
  userinfo_endpoint: string;
}

/** Options of {@link oidcUpstream}. */
export interface OidcUpstreamOptions {
  /** Short name, in the callback URL `<issuer>/oauth/callback/<name>` and the principal. */
  name: string;
  /** What the sign-in button says. Default the name. */
  label?: string;
  /** The provider's issuer; its endpoints are read from `<issuer>/.well-known/openid-configuration`. */
  issuer: string;
  /** The app's client id at the provider. */
  clientId: string;
  /** The app's client secret at the provider; omit for a public client (PKCE only). */
  clientSecret?: string;
  /** Scopes asked. Default `'openid email profile'`. */
  scope?: string;
  /** Fixed endpoints instead of discovery. */
  endpoints?: OidcUpstreamEndpoints;
  /**
   * The shape of `sub` this provider gives (Google: digits). Default: printable ASCII without
   * spaces, at most 255 characters (OIDC Core §2). Another `sub` refuses the sign-in.
   */
  subjectPattern?: RegExp;
  /** Keep the user's tokens for tools (`ctx.auth.upstreamToken()`). Default false. */
  keepTokens?: boolean;
}

/**
 * Sign-in with any OpenID Connect provider found by discovery (Okta, Entra ID, Keycloak, Auth0,
 * Dex, ...): the principal is `<name>:<sub>` read from the userinfo endpoint with the access
 * token (the code is exchanged directly with the provider over TLS, OIDC Core §3.1.3.7).
 */
export function oidcUpstream(options: OidcUpstreamOptions): McpUpstreamProvider {
  const { name } = options;
  let discovered: Promise<OidcUpstreamEndpoints> | undefined;
  const endpoints = (): Promise<OidcUpstreamEndpoints> => {
    if (options.endpoints) return Promise.resolve(options.endpoints);
    discovered ??= discover(name, options.issuer).catch((error: unknown) => {
      discovered = undefined; // try again on the next sign-in
      throw error;
    });
    return discovered;
  };
  return {
    name,
    label: options.label ?? name,
    clientId: options.clientId,
    ...(options.clientSecret !== undefined && { clientSecret: options.clientSecret }),
    scope: options.scope ?? 'openid email profile',
    keepTokens: options.keepTokens ?? false,
    authorizationEndpoint: async () => (await endpoints()).authorization_endpoint,
    tokenEndpoint: async () => (await endpoints()).token_endpoint,
    identify: async (tokens: UpstreamTokens) =>
      readUserinfo(name, (await endpoints()).userinfo_endpoint, tokens, options.subjectPattern),
  };
}

async function discover(name: string, issuer: string): Promise<OidcUpstreamEndpoints> {
  const base = issuer.replace(/\/$/, '');
  const doc = await upstreamJson(
    name,
    'Discovering the identity provider',
    `${base}/.well-known/openid-configuration`,
  );
  if (stringField(doc, 'issuer')?.replace(/\/$/, '') !== base) {
    throw new UpstreamSignInError('The identity provider names another issuer', name);
  }
  const endpoints = {
    authorization_endpoint: stringField(doc, 'authorization_endpoint'),
    token_endpoint: stringField(doc, 'token_endpoint'),
    userinfo_endpoint: stringField(doc, 'userinfo_endpoint'),
  };
  for (const [key, value] of Object.entries(endpoints)) {
    if (!value) throw new UpstreamSignInError(`The identity provider has no ${key}`, name);
  }
  return endpoints as OidcUpstreamEndpoints;
}

/** Reads `sub`, e-mail and names from an OIDC userinfo endpoint. */
export async function readUserinfo(
  name: string,
  userinfoEndpoint: string,
  { access_token }: UpstreamTokens,
  subjectPattern?: RegExp,
) {
  const info = await upstreamJson(name, 'Reading the signed-in user', userinfoEndpoint, {
    headers: { authorization: `Bearer ${access_token}` },
  });
  const sub = stringField(info, 'sub');
  if (!sub) throw new UpstreamSignInError('The identity provider did not say who signed in', name);
  return {
    provider: name,
    id: checkedUpstreamId(name, sub, subjectPattern),
    raw: info,
    ...optional('username', stringField(info, 'preferred_username')),
    ...optional('email', stringField(info, 'email')),
    ...optional('name', stringField(info, 'name')),
  };
}
