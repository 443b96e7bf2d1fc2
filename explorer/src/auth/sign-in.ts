// The explorer's OAuth sign-in as a public client (authorization code + PKCE S256, RFC 8707
// resource), by redirect: the page's own URL is the redirect URI. Its client id: pre-registered,
// else its Client ID Metadata Document's URL, else registered by DCR. What must survive the trip
// (state, PKCE verifier, client id, endpoints, era, a call to retry) waits in sessionStorage and
// is removed on return; the access token it brings back is kept in memory only (bearer-token.ts).
import { readAuthorizationResponse } from '../../../lib/client/auth/authorization-response.js';
import type { BearerChallenge } from '../../../lib/client/auth/discovery/www-authenticate.js';
import { unionScopes } from '../../../lib/client/auth/scope-selection.js';
import { keepToken, signedIn } from './bearer-token.js';
import { discoverSignIn, type SignInTarget } from './oauth-discovery.js';

const PENDING_KEY = 'nestjs-mcp-explorer:sign-in';
const CLIENTS_KEY = 'nestjs-mcp-explorer:clients';

/** A tool call to run again once signed in with the scopes it needs. */
export interface RetryCall {
  name: string;
  arguments: Record<string, unknown>;
}

/** What the page picks up after the authorization server sent the browser back. */
export interface Resumed {
  era: string;
  retry?: RetryCall;
}

interface Pending extends Resumed {
  state: string;
  verifier: string;
  clientId: string;
  redirectUri: string;
  scopes: string[];
  target: SignInTarget;
}

const base64url = (bytes: Uint8Array) =>
  btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
const random = () => base64url(crypto.getRandomValues(new Uint8Array(32)));

/** The page's URL without query or fragment: where the authorization server sends codes. */
const redirectUri = () => location.origin + location.pathname;

/** The page's client identities, from its config (see `configureSignIn`). */
const identity: { clientId?: string; clientMetadata?: string } = {};

/**
 * Sets the page's client identities: `clientId` pre-registered at the authorization server, and
 * `clientMetadata` the path of the Client ID Metadata Document the app serves for the page.
 */
export function configureSignIn(config: { clientId?: string; clientMetadata?: string }): void {
  if (typeof config.clientId === 'string') identity.clientId = config.clientId;
  if (typeof config.clientMetadata === 'string') identity.clientMetadata = config.clientMetadata;
}

/**
 * Signs in for `endpoint` after `challenge`: discovers the authorization server, registers the
 * page as a public client there (once per tab and server), and sends the browser to its
 * authorization endpoint asking for the challenge's scopes (else the resource's) together with
 * those already granted (the step-up union).
 * @throws Error when the server cannot be used (no metadata, no S256, registration refused).
 */
export async function beginSignIn(
  endpoint: string,
  challenge: BearerChallenge | undefined,
  resume: Resumed,
): Promise<never> {
  if (!crypto.subtle) throw new Error('Sign-in needs a secure context (https or localhost)');
  const target = await discoverSignIn(new URL(endpoint), challenge);
  const granted = signedIn()?.issuer === target.issuer ? signedIn()!.scopes : [];
  const asked = challenge?.scope?.length ? challenge.scope : target.resourceScopes;
  const scopes = unionScopes(granted, asked);
  const pending: Pending = {
    ...resume,
    state: random(),
    verifier: random(),
    clientId: await clientIdAt(target),
    redirectUri: redirectUri(),
    scopes,
    target,
  };
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(pending.verifier));
  const url = new URL(target.authorizationEndpoint);
  url.search = new URLSearchParams({
    response_type: 'code',
    client_id: pending.clientId,
    redirect_uri: pending.redirectUri,
    state: pending.state,
    code_challenge: base64url(new Uint8Array(digest)),
    code_challenge_method: 'S256',
    resource: target.resource,
    ...(scopes.length > 0 && { scope: scopes.join(' ') }),
  }).toString();
  sessionStorage.setItem(PENDING_KEY, JSON.stringify(pending));
  location.assign(url.href);
  return new Promise<never>(() => undefined); // the page is leaving
}

/**
 * The page's client id at `target`, in the MCP order: the pre-registered one; the URL of the
 * page's Client ID Metadata Document where the server takes them (https only: the URL is the
 * client id); else Dynamic Client Registration (public, once per tab and server).
 */
async function clientIdAt(target: SignInTarget): Promise<string> {
  if (identity.clientId) return identity.clientId;
  if (identity.clientMetadata && target.metadataDocuments && location.protocol === 'https:') {
    return new URL(identity.clientMetadata, location.href).href;
  }
  const key = `${target.issuer} ${redirectUri()}`;
  const known = JSON.parse(sessionStorage.getItem(CLIENTS_KEY) ?? '{}') as Record<string, string>;
  if (known[key]) return known[key];
  if (!target.registrationEndpoint) {
    throw new Error(`${target.issuer} offers no client registration for the explorer`);
  }
  const res = await fetch(target.registrationEndpoint, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json' },
    body: JSON.stringify({
      client_name: document.title,
      redirect_uris: [redirectUri()],
      grant_types: ['authorization_code'],
      response_types: ['code'],
      token_endpoint_auth_method: 'none',
    }),
  });
  const body = (await res.json().catch(() => ({}))) as Record<string, unknown>;
  if (!res.ok || typeof body.client_id !== 'string') {
    const why = body.error_description ?? body.error ?? `HTTP ${res.status}`;
    throw new Error(`${target.issuer} refused to register the explorer: ${String(why)}`);
  }
  sessionStorage.setItem(CLIENTS_KEY, JSON.stringify({ ...known, [key]: body.client_id }));
  return body.client_id;
}

/**
 * On load: when the URL is the answer to this tab's pending authorization, checks it (state,
 * RFC 9207 `iss`), redeems the code with the PKCE verifier, keeps the token in memory, and gives
 * what to do next. The pending entry and the URL's parameters are removed first, whatever happens.
 * @throws Error for a refused or forged answer, or a failed redemption.
 */
export async function completeSignIn(): Promise<Resumed | undefined> {
  const here = new URL(location.href);
  const raw = sessionStorage.getItem(PENDING_KEY);
  if (!raw || !here.searchParams.has('state')) return undefined;
  sessionStorage.removeItem(PENDING_KEY);
  history.replaceState(null, '', here.pathname);
  const pending = JSON.parse(raw) as Pending;
  const { target } = pending;
  const code = readAuthorizationResponse(here, {
    state: pending.state,
    issuer: target.issuer,
    issSupported: target.issSupported,
  });
  const res = await fetch(target.tokenEndpoint, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
    body: new URLSearchParams({
      grant_type: 'authorization_code',
      code,
      redirect_uri: pending.redirectUri,
      client_id: pending.clientId,
      code_verifier: pending.verifier,
      resource: target.resource,
    }),
  });
  const body = (await res.json().catch(() => ({}))) as Record<string, unknown>;
  if (!res.ok || typeof body.access_token !== 'string') {
    const why = body.error_description ?? body.error ?? `HTTP ${res.status}`;
    throw new Error(`The token endpoint refused the code: ${String(why)}`);
  }
  const granted = typeof body.scope === 'string' ? body.scope : undefined;
  keepToken(body.access_token, granted, pending.scopes, target.issuer);
  return { era: pending.era, ...(pending.retry && { retry: pending.retry }) };
}
