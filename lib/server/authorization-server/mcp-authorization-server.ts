import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { loadJose } from '../../engine/load-jose.js';
import { loadOptionalPeer } from '../../engine/load-optional-peer.js';
import type { McpLogger } from '../../engine/logger.interface.js';
import { readLimitedBody } from './read-limited-body.js';
import { JwtAccessTokenVerifier } from '../auth/jwt-access-token-verifier.js';
import type { McpAuthorizationServerOptions } from './authorization-server.options.js';
import { AS_ROUTES, engineConfiguration } from './engine-configuration.js';
import type { Engine } from './engine.interface.js';
import { FixedWindowLimiter } from './fixed-window-limiter.js';
import type { LimitCounters } from '../../stores/limit-counters.interface.js';
import { InteractionRoutes } from './interaction-routes.js';
import { applyRegistrationRules, RegistrationRefusal } from './registration-rules.js';
import type { McpAuthorizationStore } from './store/authorization-store.interface.js';
import { inMemoryAuthorizationStore } from './store/in-memory-authorization-store.js';

interface EngineModule {
  default: new (issuer: string, configuration: Record<string, unknown>) => Engine;
  errors: { InvalidTarget: new (description?: string) => Error };
}

type BodyRequest = IncomingMessage & { body?: unknown };

const WELL_KNOWN_OIDC = '/.well-known/openid-configuration';
const WELL_KNOWN_OAUTH = '/.well-known/oauth-authorization-server';

/** What the protected-resource side needs to trust this authorization server. */
export interface McpAuthorizationServerResource {
  resource: string;
  authorizationServers: string[];
  scopesSupported: string[];
  verifier: JwtAccessTokenVerifier;
}

function jsonError(
  res: ServerResponse,
  status: number,
  error: string,
  description: string,
  headers = {},
) {
  res.writeHead(status, {
    'content-type': 'application/json',
    'cache-control': 'no-store',
    ...headers,
  });
  res.end(JSON.stringify({ error, error_description: description }));
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
  private readonly limits: { registration?: FixedWindowLimiter; token?: FixedWindowLimiter };
  private readonly developmentIssuer: boolean;

  private constructor(
    readonly options: McpAuthorizationServerOptions,
    private readonly engine: Engine,
    private readonly interactions: InteractionRoutes,
    private readonly logger: McpLogger,
  ) {
    this.callback = engine.callback();
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
    const store: McpAuthorizationStore = options.store ?? inMemoryAuthorizationStore();
    const signingKeys = options.signingKeys ?? [await generateSigningKey()];
    const cookieKeys = options.cookieKeys ?? [randomBytes(32).toString('base64url')];
    if (!options.signingKeys || !options.cookieKeys) {
      logger.warn(
        'Authorization server: signing and cookie keys made at startup; set signingKeys and cookieKeys to run several instances or survive restarts',
      );
    }
    const alg = String(signingKeys[0]!.alg ?? 'ES256');
    const configuration = engineConfiguration({
      options,
      store,
      signingKeys,
      cookieKeys,
      errors: module.errors,
      alg,
    });
    const engine = new module.default(new URL(options.issuer).origin, configuration);
    engine.proxy = options.trustProxy ?? false;
    engine.on('server_error', (_ctx, error) =>
      logger.error(`Authorization server error: ${(error as Error)?.message}`),
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
    const interactions = new InteractionRoutes({
      engine,
      options,
      upstreams,
      store,
      cookieKeys,
      firstParty,
      logger,
    });
    return new McpAuthorizationServer(options, engine, interactions, logger);
  }

  /**
   * Counts the registration and token budgets in `counters`, shared by the instances (Redis),
   * so they hold for the whole service. `McpAuthorizationServerModule` calls it at startup with
   * the app's `McpModule` Redis when the option `rateLimitCounters` is not set.
   */
  useRateLimitCounters(counters: LimitCounters): void {
    if (this.limits.registration) this.limits.registration.shared = counters;
    if (this.limits.token) this.limits.token.shared = counters;
  }

  /** True once the budgets count in shared counters. */
  get sharedRateLimits(): boolean {
    return (this.limits.registration ?? this.limits.token)?.shared !== undefined;
  }

  /** The `auth` option of `McpModule` that trusts this server: resource, issuer, JWT verifier. */
  resourceAuth(): McpAuthorizationServerResource {
    const issuer = new URL(this.options.issuer).origin;
    return {
      resource: this.options.resource,
      authorizationServers: [issuer],
      scopesSupported: [...this.options.scopes],
      verifier: new JwtAccessTokenVerifier({
        issuer,
        audience: this.options.resource,
        jwksUri: `${issuer}${AS_ROUTES.jwks}`,
        typ: 'at+jwt',
      }),
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
      this.logger.error(`Authorization server request failed: ${(error as Error)?.message}`);
      if (!res.headersSent) jsonError(res, 500, 'server_error', 'The authorization server failed');
    });
    return true;
  }

  private async route(req: BodyRequest, res: ServerResponse, path: string): Promise<void> {
    if (await this.interactions.serve(req, res, path)) return;
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
      const policy = this.options.registration?.policy;
      if (policy) metadata = await policy(metadata, { address: this.addressOf(req) });
      req.body = metadata;
      return true;
    } catch (error) {
      jsonError(res, 400, 'invalid_client_metadata', (error as Error).message);
      return false;
    }
  }

  private addressOf(req: IncomingMessage): string | undefined {
    if (this.options.trustProxy) {
      const forwarded = req.headers['x-forwarded-for'];
      const first = (Array.isArray(forwarded) ? forwarded[0] : forwarded)?.split(',')[0]?.trim();
      if (first) return first;
    }
    return req.socket.remoteAddress;
  }
}

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
