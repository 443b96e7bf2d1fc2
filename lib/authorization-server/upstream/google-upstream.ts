import { oidcUpstream } from './oidc-upstream.js';
import { GOOGLE_SUBJECT } from './upstream-id.js';
import type { McpUpstreamProvider } from './upstream-provider.interface.js';

/** Options of {@link googleUpstream}. */
export interface GoogleUpstreamOptions {
  /** The Google OAuth client id (a "Web application" client). */
  clientId: string;
  /** Its client secret. */
  clientSecret: string;
  /** Scopes asked. Default `'openid email profile'`. */
  scope?: string;
  /**
   * Google's endpoints (tests point them at a local stand-in). Default
   * `https://accounts.google.com/o/oauth2/v2/auth`, `https://oauth2.googleapis.com/token`,
   * `https://openidconnect.googleapis.com/v1/userinfo`.
   */
  endpoints?: { authorization_endpoint: string; token_endpoint: string; userinfo_endpoint: string };
  /** Keep the user's tokens for tools (`ctx.auth.upstreamToken()`). Default false. */
  keepTokens?: boolean;
}

/**
 * Sign-in with Google (callback URL `<issuer>/oauth/callback/google`): the principal is
 * `google:<sub>` (digits; another `sub` refuses the sign-in), with the e-mail address when
 * granted.
 */
export function googleUpstream(options: GoogleUpstreamOptions): McpUpstreamProvider {
  return oidcUpstream({
    name: 'google',
    label: 'Google',
    issuer: 'https://accounts.google.com',
    clientId: options.clientId,
    clientSecret: options.clientSecret,
    scope: options.scope ?? 'openid email profile',
    subjectPattern: GOOGLE_SUBJECT,
    keepTokens: options.keepTokens ?? false,
    endpoints: options.endpoints ?? {
      authorization_endpoint: 'https://accounts.google.com/o/oauth2/v2/auth',
      token_endpoint: 'https://oauth2.googleapis.com/token',
      userinfo_endpoint: 'https://openidconnect.googleapis.com/v1/userinfo',
    },
  });
}
