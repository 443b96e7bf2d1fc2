import type { IncomingMessage } from 'node:http';
import type { McpAuthorizationServerOptions } from './authorization-server.options.js';
import type { DocumentFetchGate } from './document-fetch-gate.js';
import { TOKEN_EXCHANGE_GRANT } from './token-exchange/token-exchange-grant.js';
import { GRANT_ID_CLAIM } from './grant-revocations.js';
import { errorPage } from './pages/consent-page.js';
import { resolvesToPrivateAddress } from './private-address.js';
import { PAGE_HEADERS } from './pages/html-page.js';
import type { McpAuthorizationStore } from './store/authorization-store.interface.js';

/** The endpoints' paths (under the issuer origin). */
export const AS_ROUTES = {
  authorization: '/oauth/authorize',
  token: '/oauth/token',
  jwks: '/oauth/jwks',
  registration: '/oauth/register',
  revocation: '/oauth/revoke',
  userinfo: '/oauth/userinfo',
  end_session: '/oauth/logout',
  introspection: '/oauth/introspect',
  pushed_authorization_request: '/oauth/par',
  code_verification: '/oauth/device',
  device_authorization: '/oauth/device/auth',
  backchannel_authentication: '/oauth/backchannel',
  challenge: '/oauth/challenge',
  credential: '/oauth/credential',
} as const;

/** The interaction (sign-in, consent) pages' path prefix. */
export const INTERACTION_PATH = '/oauth/interaction/';

/** The signed-in account record model in the store (`McpAccount`). */
export const ACCOUNT_MODEL = 'McpAccount';

/** What the engine configuration is built from, besides the options. */
export interface EngineInputs {
  options: McpAuthorizationServerOptions;
  store: McpAuthorizationStore;
  signingKeys: Array<Record<string, unknown>>;
  cookieKeys: string[];
  /** The engine's error classes (`InvalidTarget`). */
  errors: { InvalidTarget: new (description?: string) => Error };
  /** The signing algorithm of the first key. */
  alg: string;
  /** Budgets and failure memory of metadata document fetches. */
  documentFetches: DocumentFetchGate;
  /** The client address of a raw request (the server's resolver). */
  addressOf: (req: IncomingMessage) => string | undefined;
}

type Ctx = { oidc?: { client?: { clientId: string } } };
type Out = { error: string; error_description?: string };
type Client = { grantTypeAllowed(type: string): boolean };

/**
 * The `oidc-provider` configuration: code flow with PKCE (S256) only, resource indicators with
 * the MCP resource as the one audience (JWT access tokens, RFC 9068), refresh tokens rotated on
 * every use (a reused one revokes its grant), revocation, DPoP, DCR, Client ID Metadata
 * Documents with SSRF limits, the pre-registered clients, and errors rendered as a plain page.
 */
export function engineConfiguration(inputs: EngineInputs): Record<string, unknown> {
  const { options, store, errors, alg } = inputs;
  const accessTokenTTL = options.accessTokenTtlSeconds ?? 300;
  const cimd = options.clientIdMetadataDocuments;
  const { documentFetches } = inputs;
  return {
    adapter: store,
    clients: (options.clients ?? []).map((c) => ({
      client_id: c.clientId,
      ...(c.clientSecret !== undefined
        ? { client_secret: c.clientSecret, token_endpoint_auth_method: 'client_secret_basic' }
        : { token_endpoint_auth_method: 'none' }),
      redirect_uris: c.redirectUris,
      client_name: c.name ?? c.clientId,
      application_type: c.applicationType ?? 'web',
      grant_types: [
        'authorization_code',
        'refresh_token',
        ...(options.tokenExchange?.clients?.includes(c.clientId) ? [TOKEN_EXCHANGE_GRANT] : []),
      ],
      response_types: ['code'],
    })),
    jwks: { keys: inputs.signingKeys },
    cookies: { keys: inputs.cookieKeys, long: { signed: true }, short: { signed: true } },
    scopes: ['openid', 'offline_access', ...options.scopes],
    claims: { openid: ['sub'], email: ['email'], profile: ['name', 'preferred_username'] },
    clientDefaults: {
      grant_types: ['authorization_code', 'refresh_token'],
      id_token_signed_response_alg: alg,
      response_types: ['code'],
      token_endpoint_auth_method: 'none',
    },
    responseTypes: ['code'],
    pkce: { required: () => true },
    routes: AS_ROUTES,
    clientBasedCORS: () => true,
    findAccount: async (_ctx: unknown, sub: string) => {
      const account = await store(ACCOUNT_MODEL).find(sub);
      const claims = (account?.claims ?? {}) as Record<string, unknown>;
      return { accountId: sub, claims: () => ({ ...claims, sub }) };
    },
    features: {
      devInteractions: { enabled: false },
      registration: { enabled: options.registration?.enabled ?? true },
      revocation: { enabled: true },
      // Downstream APIs introspect exchanged tokens (see exchanged-token-introspection.ts); the
      // engine's own tokens only by the client they were issued to.
      introspection: {
        enabled: options.tokenExchange !== undefined,
        allowedPolicy: (
          _ctx: unknown,
          client: { clientId: string },
          token: { clientId?: string },
        ) => token.clientId === client.clientId,
      },
      dPoP: { enabled: true },
      rpInitiatedLogout: { enabled: false },
      clientIdMetadataDocument: {
        enabled: cimd !== false,
        ack: 'draft-02', // the implemented draft; a minor engine update to another draft fails loudly
        allowFetch: async (ctx: { req?: IncomingMessage } | undefined, clientId: string) => {
          if (cimd === false) return false;
          const address = ctx?.req ? inputs.addressOf(ctx.req) : undefined;
          if (!(await documentFetches.admit(clientId, address))) return false;
          if (cimd?.allowClientId && !(await cimd.allowClientId(clientId))) return false;
          if (
            !cimd?.allowPrivateAddresses &&
            (await resolvesToPrivateAddress(new URL(clientId).hostname))
          ) {
            documentFetches.failed(clientId);
            return false;
          }
          documentFetches.fetching(clientId);
          return true;
        },
      },
      resourceIndicators: {
        enabled: true,
        defaultResource: () => options.resource,
        useGrantedResource: () => true,
        getResourceServerInfo: (_ctx: unknown, indicator: string) => {
          if (indicator !== options.resource) {
            throw new errors.InvalidTarget(
              'This authorization server issues tokens for its MCP resource only',
            );
          }
          return {
            scope: options.scopes.join(' '),
            audience: options.resource,
            accessTokenTTL,
            accessTokenFormat: 'jwt',
            jwt: { sign: { alg } },
          };
        },
      },
    },
    formats: {
      customizers: {
        // Names the grant in every JWT access token: the resource server checks it against the
        // revocation list (JWT access tokens are not stored, so revoking cannot delete them).
        jwt: (
          _ctx: unknown,
          token: { grantId?: string },
          jwt: { payload: Record<string, unknown> },
        ) => {
          if (token.grantId) jwt.payload[GRANT_ID_CLAIM] = token.grantId;
        },
      },
    },
    issueRefreshToken: (_ctx: unknown, client: Client) => client.grantTypeAllowed('refresh_token'),
    rotateRefreshToken: true,
    interactions: {
      url: (_ctx: unknown, interaction: { uid: string }) => `${INTERACTION_PATH}${interaction.uid}`,
    },
    ttl: {
      AccessToken: accessTokenTTL,
      AuthorizationCode: 60,
      Interaction: 600,
      Session: 86_400,
      Grant: options.refreshTokenTtlSeconds ?? 14 * 86_400,
      RefreshToken: options.refreshTokenTtlSeconds ?? 14 * 86_400,
      IdToken: 600,
    },
    ...(cimd !== false && {
      fetchResponseBodyLimits: { 'client_id metadata document': cimd?.maxBytes ?? 5120 },
    }),
    fetch: (url: string, init: RequestInit & { dispatcher?: unknown }) => {
      // A metadata document allowFetch just let through, or another fetch (a client's jwks_uri).
      const document = cimd !== false && documentFetches.isDocumentFetch(url);
      const request: RequestInit & { dispatcher?: unknown } = document
        ? { ...init, signal: AbortSignal.timeout(cimd?.timeoutMs ?? 2500) }
        : { ...init };
      // The engine's dispatcher refuses special-use addresses (SSRF); drop it only when allowed
      // for this kind of fetch.
      const allowPrivate = document
        ? cimd?.allowPrivateAddresses
        : options.registration?.allowPrivateAddresses;
      if (allowPrivate) delete request.dispatcher;
      const fetched = ((document && cimd?.fetch) || fetch)(url, request);
      if (!document) return fetched;
      return fetched.then(
        (response) => {
          if (!response.ok) documentFetches.failed(url);
          return response;
        },
        (error: unknown) => {
          documentFetches.failed(url);
          throw error;
        },
      );
    },
    renderError: (ctx: Ctx & { type?: string; body?: string; set?: unknown }, out: Out) => {
      const koa = ctx as unknown as {
        type: string;
        body: string;
        set(h: Record<string, string>): void;
      };
      koa.set({ ...PAGE_HEADERS });
      koa.type = 'html';
      koa.body = errorPage(
        'Sign-in failed',
        out.error_description ? `${out.error}: ${out.error_description}` : out.error,
      );
    },
  };
}
