import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { loadJose } from '../engine/load-jose.js';
import { loadOptionalPeer } from '../engine/load-optional-peer.js';
import type { McpLogger } from '../engine/logger.interface.js';
import { readLimitedBody } from './read-limited-body.js';
import { jsonError } from './oauth-json-error.js';
import { answerStoreOutage, retryAfterStoreOutages } from './store-outage.js';
import { JwtAccessTokenVerifier } from '../server/auth/jwt-access-token-verifier.js';
import type { McpAuthorizationServerOptions } from './authorization-server.options.js';
import { AS_ROUTES, engineConfiguration } from './engine-configuration.js';
import type { Engine } from './engine.interface.js';
import { assertPublicFetchedUris } from './fetched-client-uris.js';
import { DocumentFetchGate } from './document-fetch-gate.js';
import { FixedWindowLimiter } from './fixed-window-limiter.js';
import { errorPage } from './pages/consent-page.js';
import { PAGE_HEADERS } from './pages/html-page.js';
import type { WindowCounters } from '../stores/limit-counters.interface.js';
import { InteractionRoutes } from './interaction-routes.js';
import { applyRegistrationRules, RegistrationRefusal } from './registration-rules.js';
import type { McpAccessTokenVerifier } from '../server/auth/access-token-verifier.interface.js';
import { engineStore, type OneTimeErrors } from './engine-store.js';
import { GrantRevocations } from './grant-revocations.js';
import { RevocationAwareVerifier } from './revocation-aware-verifier.js';
import type { McpAuthorizationStore } from './store/authorization-store.interface.js';
import { DefaultStore } from './store/default-store.js';
import { revokeStructuredTokens } from './structured-token-revocation.js';
import type { McpUpstreamTokenSource } from '../server/auth/upstream-token-source.interface.js';
import type { McpTokenExchanger } from '../server/auth/token-exchanger.interface.js';
import { setUpTokenExchange } from './token-exchange/token-exchange-grant.js';
import { publicJwk } from './public-jwk.js';
import type { TokenExchangeErrors } from './token-exchange/token-exchange-refusal.js';
import { keptUpstreamTokens } from './upstream-tokens/kept-upstream-tokens.js';

interface EngineModule {
  default: new (issuer: string, configuration: Record<string, unknown>) => Engine;
  errors: OneTimeErrors & TokenExchangeErrors;
}

/** How long a revoked grant stays listed beyond the access token lifetime (the verifier's 5 s skew and more). */
const REVOCATION_MARGIN_SECONDS = 60;

type BodyRequest = IncomingMessage & { body?: unknown };

const WELL_KNOWN_OIDC = '/.well-known/openid-configuration';
const WELL_KNOWN_OAUTH = '/.well-known/oauth-authorization-server';

/** What the protected-resource side needs to trust this authorization server. */
export interface McpAuthorizationServerResource {
  resource: string;
  authorizationServers: string[];
  scopesSupported: string[];
  /** The JWT checks against this server's keys, then its revocation list. */
  verifier: McpAccessTokenVerifier;
  /** The kept upstream tokens (`ctx.auth.upstreamToken()`), when an upstream keeps them. */
  upstreamTokens?: McpUpstreamTokenSource;
  /** RFC 8693 token exchange (`ctx.auth.exchangeToken()`), when `tokenExchange` is set. */
  tokenExchange?: McpTokenExchanger;
}

/** What `create` builds besides the engine. */
interface ServerParts {
  engine: Engine;
  interactions: InteractionRoutes;
  revocations: GrantRevocations;
  /** The JWT checks of this server's access tokens, on its own public keys (no JWKS fetch). */
  ownKeys: McpAccessTokenVerifier;
  defaultStore: DefaultStore | undefined;
  documentFetches: DocumentFetchGate;
  kept: ReturnType<typeof keptUpstreamTokens>;
  exchange: McpTokenExchanger | undefined;
}

/**
 * An OAuth 2.1 authorization server for one MCP resource, on the certified `oidc-provider`
 * engine (an optional peer, loaded by {@link McpAuthorizationServer.create}): serves discovery
 * (RFC 8414 and OpenID), the authorization, token, registration, revocation and JWKS endpoints
 * under `/oauth/`, and the federated sign-in and consent pages. Framework-free: `handle` takes
 * Node's request and response; the Nest module mounts it.
 */
export class McpAuthorizationServer {
  private readonly callback: (req: IncomingMessage, res: ServerResponse) => void;
  private readonly limits: {
    registration?: FixedWindowLimiter;
    token?: FixedWindowLimiter;
    authorization?: FixedWindowLimiter;
  };
  private readonly developmentIssuer: boolean;
  private readonly interactions: InteractionRoutes;
  private readonly verifier: RevocationAwareVerifier;
  private clientAddress: (req: IncomingMessage) => string | undefined = socketAddress;

  private constructor(
    readonly options: McpAuthorizationServerOptions,
    private readonly parts: ServerParts,
    private readonly logger: McpLogger,
  ) {
    this.interactions = parts.interactions;
    this.callback = parts.engine.callback();
    // The keys it signs with, not a fetch of its own JWKS through the public URL (which an
    // instance behind TLS termination or a private CA may not reach).
    this.verifier = new RevocationAwareVerifier(parts.ownKeys, parts.revocations);
    const rate = options.rateLimits;
    this.limits =
      rate === false
        ? {}
        : {
            registration: new FixedWindowLimiter(
              rate?.registration ?? { limit: 20, windowMs: 60_000 },
              undefined,
              'registration',
            ),
            token: new FixedWindowLimiter(
              rate?.token ?? { limit: 120, windowMs: 60_000 },
              undefined,
              'token',
            ),
            authorization: new FixedWindowLimiter(
              rate?.authorization ?? { limit: 30, windowMs: 60_000 },
              undefined,
              'authorization',
            ),
          };
    if (options.rateLimitCounters) this.useRateLimitCounters(options.rateLimitCounters);
    this.developmentIssuer = new URL(options.issuer).protocol === 'http:';
  }

  /**
   * Checks the options, loads `oidc-provider`, makes the signing key when none is given and
   * builds the engine.
   * @throws Error naming the option at fault, or the package to install.
   */
  static async create(
    options: McpAuthorizationServerOptions,
    logger: McpLogger,
  ): Promise<McpAuthorizationServer> {
    assertOptions(options);
    const module = await loadOptionalPeer<EngineModule>(
      'oidc-provider',
      'McpAuthorizationServerModule',
    );
    const defaultStore = options.store ? undefined : new DefaultStore();
    const store: McpAuthorizationStore = options.store ?? defaultStore!.store;
    const accessTokenTtl = options.accessTokenTtlSeconds ?? 300;
    const revocations = new GrantRevocations(store, accessTokenTtl + REVOCATION_MARGIN_SECONDS);
    const engineView = engineStore(store, revocations, module.errors);
    const signingKeys = options.signingKeys ?? [await generateSigningKey()];
    const cookieKeys = options.cookieKeys ?? [randomBytes(32).toString('base64url')];
    if (!options.signingKeys || !options.cookieKeys) {
      logger.warn(
        'Authorization server: signing and cookie keys made at startup; set signingKeys and cookieKeys to run several instances or survive restarts',
      );
    }
    const alg = String(signingKeys[0]!.alg ?? 'ES256');
    const built: { server?: McpAuthorizationServer } = {}; // the engine asks for addresses later
    const cimd = options.clientIdMetadataDocuments;
    const documentFetches = new DocumentFetchGate(cimd === false ? {} : cimd?.fetchLimits);
    const configuration = engineConfiguration({
      options,
      store: engineView,
      signingKeys,
      cookieKeys,
      errors: module.errors,
      alg,
      documentFetches,
      addressOf: (req) => built.server?.addressOf(req) ?? req.socket.remoteAddress,
    });
    const engine = new module.default(new URL(options.issuer).origin, configuration);
    engine.proxy = options.trustProxy ?? false;
    retryAfterStoreOutages(engine); // first: around every other middleware of ours
    engine.on('server_error', (_ctx, error) =>
      logger.error(`Authorization server error: ${(error as Error)?.message}`),
    );
    const issuer = new URL(options.issuer).origin;
    const ownKeys = new JwtAccessTokenVerifier({
      issuer,
      audience: options.resource,
      jwks: { keys: signingKeys.map(publicJwk) },
      typ: 'at+jwt',
    });
    revokeStructuredTokens(engine, ownKeys, engineView);
    const subjects = new RevocationAwareVerifier(ownKeys, revocations);
    const exchange = setUpTokenExchange(
      engine,
      options,
      signingKeys,
      revocations,
      subjects,
      module.errors,
    );
    const upstreams = new Map(
      (Array.isArray(options.upstream) ? options.upstream : [options.upstream]).map((u) => [
        u.name,
        u,
      ]),
    );
    const firstParty = new Set(
      (options.clients ?? []).filter((c) => c.firstParty).map((c) => c.clientId),
    );
    const kept = keptUpstreamTokens(options, store, upstreams, cookieKeys, logger);
    const context = { engine, options, upstreams, store, cookieKeys, firstParty, logger };
    const interactions = new InteractionRoutes({ ...context, ...kept });
    const parts = {
      engine,
      interactions,
      revocations,
      ownKeys,
      defaultStore,
      documentFetches,
      kept,
    };
    built.server = new McpAuthorizationServer(options, { ...parts, exchange }, logger);
    return built.server;
  }

  /**
   * Gives the server the store to use instead of the in-memory default when its options name
   * none (`McpModule` hands it a Redis store on its own `redis` connection). Call before the
   * first request; returns false (and changes nothing) when the options name a store.
   */
  useDefaultStore(store: McpAuthorizationStore): boolean {
    if (!this.parts.defaultStore) return false;
    this.parts.defaultStore.replace(store);
    return true;
  }

  /**
   * Counts the registration, token and authorization budgets and the metadata-document fetch
   * budgets in `counters`, shared by the instances (Redis), so they hold for the whole service. `McpAuthorizationServerModule` calls it at startup with
   * the app's `McpModule` Redis when the option `rateLimitCounters` is not set.
   */
  useRateLimitCounters(counters: WindowCounters): void {
    if (this.limits.registration) this.limits.registration.shared = counters;
    if (this.limits.token) this.limits.token.shared = counters;
    if (this.limits.authorization) this.limits.authorization.shared = counters;
    this.parts.documentFetches.useCounters(counters);
  }

  /** True once the budgets count in shared counters. */
  get sharedRateLimits(): boolean {
    return (this.limits.registration ?? this.limits.token)?.shared !== undefined;
  }

  /** The `auth` option of `McpModule` that trusts this server: resource, issuer, JWT verifier. */
  resourceAuth(): McpAuthorizationServerResource {
    return {
      resource: this.options.resource,
      authorizationServers: [new URL(this.options.issuer).origin],
      scopesSupported: [...this.options.scopes],
      verifier: this.verifier,
      ...(this.parts.kept.vault && { upstreamTokens: this.parts.kept.vault }),
      ...(this.parts.exchange && { tokenExchange: this.parts.exchange }),
    };
  }

  /**
   * Serves `req` when its path belongs to the authorization server and returns true; returns
   * false (untouched) otherwise.
   */
  handle(req: IncomingMessage, res: ServerResponse): boolean {
    const url = req.url ?? '/';
    const path = url.split('?', 1)[0]!;
    if (path === WELL_KNOWN_OAUTH) {
      req.url = WELL_KNOWN_OIDC + url.slice(path.length); // same document (RFC 8414 §3)
      this.callback(req, res);
      return true;
    }
    if (path === WELL_KNOWN_OIDC) {
      this.callback(req, res);
      return true;
    }
    if (!path.startsWith('/oauth/')) return false;
    void this.route(req as BodyRequest, res, path).catch((error: unknown) => {
      if (answerStoreOutage(res, error)) return; // the store logged the outage once
      this.logger.error(`Authorization server request failed: ${(error as Error)?.message}`);
      if (!res.headersSent) jsonError(res, 500, 'server_error', 'The authorization server failed');
    });
    return true;
  }

  private async route(req: BodyRequest, res: ServerResponse, path: string): Promise<void> {
    if (await this.interactions.serve(req, res, path)) return;
    if (path === AS_ROUTES.authorization) {
      const wait = (await this.limits.authorization?.take(this.addressOf(req) ?? 'unknown')) ?? 0;
      if (wait > 0) {
        res.writeHead(429, { ...PAGE_HEADERS, 'retry-after': String(wait) });
        res.end(errorPage('Too many sign-ins', 'Too many sign-in attempts; try again later.'));
        return;
      }
    }
    if (req.method === 'POST' && (path === AS_ROUTES.registration || path === AS_ROUTES.token)) {
      const limiter = path === AS_ROUTES.token ? this.limits.token : this.limits.registration;
      const wait = (await limiter?.take(this.addressOf(req) ?? 'unknown')) ?? 0;
      if (wait > 0) {
        return jsonError(res, 429, 'too_many_requests', 'Too many requests; try again later', {
          'retry-after': String(wait),
        });
      }
      if (path === AS_ROUTES.registration && !(await this.registrationRules(req, res))) return;
    }
    this.callback(req, res);
  }

  /** Applies the built-in rules and the policy hook to a registration body (false: refused). */
  private async registrationRules(req: BodyRequest, res: ServerResponse): Promise<boolean> {
    try {
      const body =
        req.body !== undefined && typeof req.body === 'object' ? req.body : await readJson(req);
      if (typeof body !== 'object' || body === null || Array.isArray(body)) {
        throw new RegistrationRefusal('The registration body must be a JSON object');
      }
      let metadata = applyRegistrationRules(
        body as Record<string, unknown>,
        this.developmentIssuer,
      );
      await assertPublicFetchedUris(
        metadata,
        this.options.registration?.allowPrivateAddresses ?? false,
      );
      const policy = this.options.registration?.policy;
      if (policy) metadata = await policy(metadata, { address: this.addressOf(req) });
      req.body = metadata;
      return true;
    } catch (error) {
      const code = error instanceof RegistrationRefusal ? error.error : 'invalid_client_metadata';
      jsonError(res, 400, code, (error as Error).message);
      return false;
    }
  }

  /**
   * Resolves client addresses (rate limits, the registration policy's `address`) as the
   * framework does for the MCP endpoint: its trust-proxy setting's answer, the rightmost
   * `X-Forwarded-For` hop it does not trust. Without a resolver (no proxy trusted), the socket's
   * peer: a client never picks its own address. Set by the Nest mount at bootstrap.
   */
  useClientAddress(resolver: ((req: IncomingMessage) => string | undefined) | undefined): void {
    this.clientAddress = resolver ?? socketAddress;
  }

  /** The client address of `req`, as {@link useClientAddress} resolves it. */
  addressOf(req: IncomingMessage): string | undefined {
    return this.clientAddress(req);
  }
}

/** The socket's peer: the address when no proxy is trusted. */
const socketAddress = (req: IncomingMessage) => req.socket.remoteAddress;

async function readJson(req: IncomingMessage): Promise<unknown> {
  let text: string;
  try {
    text = await readLimitedBody(req, 65_536);
  } catch (error) {
    throw new RegistrationRefusal(`The registration body was refused: ${(error as Error).message}`);
  }
  try {
    return JSON.parse(text);
  } catch {
    throw new RegistrationRefusal('The registration body is not JSON');
  }
}

async function generateSigningKey(): Promise<Record<string, unknown>> {
  const jose = await loadJose();
  const { privateKey } = await jose.generateKeyPair('ES256', { extractable: true });
  const jwk = await jose.exportJWK(privateKey);
  return { ...jwk, alg: 'ES256', use: 'sig', kid: randomBytes(8).toString('hex') };
}

function assertOptions(options: McpAuthorizationServerOptions): void {
  const fail = (message: string) => {
    throw new Error(`McpAuthorizationServerModule: ${message}`);
  };
  if (!URL.canParse(options.issuer)) fail(`issuer must be a URL (got ${String(options.issuer)})`);
  const issuer = new URL(options.issuer);
  if (issuer.pathname !== '/' || issuer.search || issuer.hash)
    fail('issuer must be an origin, without a path');
  if (
    issuer.protocol !== 'https:' &&
    !['127.0.0.1', 'localhost', '[::1]'].includes(issuer.hostname)
  ) {
    fail('issuer must be https (plain http only on loopback, for development)');
  }
  if (!URL.canParse(options.resource)) fail('resource must be the MCP endpoint URL');
  if (!Array.isArray(options.scopes)) fail('scopes must be a list of scope names');
  const upstreams = Array.isArray(options.upstream) ? options.upstream : [options.upstream];
  if (upstreams.length === 0 || upstreams.some((u) => !u?.name || !/^[a-z0-9-]+$/i.test(u.name))) {
    fail(
      'upstream must be one or more identity providers (githubUpstream(), googleUpstream(), oidcUpstream())',
    );
  }
}
