// The access token the page signed in with: in this module's memory only (never localStorage,
// sessionStorage or a cookie: a reload forgets it), sent as `Authorization: Bearer`, and who it
// stands for shown in the page's header.
import { $, h } from '../dom.js';

/** The token and what the page shows of it. */
export interface SignedIn {
  accessToken: string;
  scopes: string[];
  /** `sub` of a JWT access token, when it is one. */
  subject?: string;
  /** `name` (or `preferred_username`) of a JWT access token. */
  name?: string;
  issuer: string;
}

let current: SignedIn | undefined;

/** The token in force, if the page signed in. */
export function signedIn(): SignedIn | undefined {
  return current;
}

/** `Authorization: Bearer …` while signed in, else nothing. */
export function bearerHeaders(): Record<string, string> {
  return current ? { authorization: `Bearer ${current.accessToken}` } : {};
}

/**
 * Keeps `accessToken` and shows its principal. Its scopes: those the token response `granted`,
 * else a JWT's `scope` claim, else those `requested`. The claims are read for display only: the
 * server verifies the token, the page does not need to.
 */
export function keepToken(
  accessToken: string,
  granted: string | undefined,
  requested: string[],
  issuer: string,
): void {
  const claims = jwtClaims(accessToken);
  const scope = granted ?? (typeof claims.scope === 'string' ? claims.scope : undefined);
  current = {
    accessToken,
    scopes: scope !== undefined ? scope.split(' ').filter(Boolean) : requested,
    issuer,
    ...(typeof claims.sub === 'string' && { subject: claims.sub }),
    ...(typeof (claims.name ?? claims.preferred_username) === 'string' && {
      name: String(claims.name ?? claims.preferred_username),
    }),
  };
  showPrincipal();
}

/** Forgets the token. */
export function forgetToken(): void {
  current = undefined;
  showPrincipal();
}

/** The header's `#principal`: who is signed in and the token's scopes, or nothing. */
export function renderPrincipal(onSignOut: () => void): HTMLElement {
  return h(
    'span',
    { id: 'principal', hidden: true },
    h('span', { id: 'principal-text' }),
    h('button', { type: 'button', id: 'sign-out', onclick: onSignOut }, 'Sign out'),
  );
}

function showPrincipal(): void {
  const box = $('#principal');
  box.hidden = current === undefined;
  if (!current) return;
  const who = [current.name, current.subject && `(${current.subject})`].filter(Boolean).join(' ');
  $('#principal-text').textContent =
    `Signed in as ${who || 'an unnamed principal'} · scopes: ${current.scopes.join(' ') || 'none'}`;
}

function jwtClaims(token: string): Record<string, unknown> {
  const parts = token.split('.');
  if (parts.length !== 3) return {};
  try {
    const binary = atob(parts[1]!.replace(/-/g, '+').replace(/_/g, '/'));
    const bytes = Uint8Array.from(binary, (c) => c.charCodeAt(0));
    const claims = JSON.parse(new TextDecoder().decode(bytes)) as unknown;
    return claims !== null && typeof claims === 'object' ? (claims as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}
