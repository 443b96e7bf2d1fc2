import { Inject, Injectable, Logger } from '@nestjs/common';
import { AuthorizationServerUnavailableError } from '../../errors/authorization-server-unavailable.error.js';
import { InvalidTokenError } from '../../errors/invalid-token.error.js';
import { ErrorCode } from '../../protocol/error-codes.js';
import type { JsonRpcRequest } from '../../protocol/json-rpc.js';
import type { McpAccessTokenVerifyFn } from '../../server/auth/access-token-verifier.interface.js';
import { InvalidDpopProofError } from '../../errors/invalid-dpop-proof.error.js';
import {
  readBearerAuthorization,
  type AccessTokenScheme,
} from '../../server/auth/bearer-authorization.js';
import { bearerChallenge } from '../../server/auth/bearer-challenge.js';
import { DpopProofVerifier } from '../../server/auth/dpop-proof-verifier.js';
import { requestUrlOf, type AuthenticatedRequest } from './authenticated-request.js';
import { missingScopes, unionOf } from '../../server/auth/granted-scopes.js';
import type { McpAuthInfo } from '../../server/auth/mcp-auth-info.interface.js';
import {
  assertProtectedResourceOptions,
  protectedResourceMetadata,
  resourceMetadataUrl,
  type ProtectedResourceMetadata,
} from '../../server/auth/protected-resource-metadata.js';
import { McpServer } from '../../server/mcp-server.js';
import { StoreUnavailableError } from '../../errors/store-unavailable.error.js';
import type { McpRedisStores } from '../../stores/redis/create-redis-stores.js';
import { RedisReplayCache } from '../../stores/redis/redis-replay-cache.js';
import { MCP_REDIS_STORES } from '../mcp-redis-stores.token.js';
import { HttpRefusal } from '../../transports/shared/http/http-refusal.js';
import {
  MCP_AUTH_OPTIONS,
  type McpAuthOptions,
  type McpScopeMap,
} from './mcp-auth-options.interface.js';
import { authOf, setAuth } from './request-auth.js';

/** Which list a primitive is in, for its required scopes. */
export type McpScopedKind = keyof McpScopeMap;

/**
 * A refused request: its status, the `WWW-Authenticate` value (401, 403) or `Retry-After` (503:
 * the authorization server could not be asked) and a message.
 */
export class McpAuthRefusal extends Error {
  constructor(
    readonly status: 401 | 403 | 503,
    readonly challenge: string,
    message: string,
    /** Seconds of `Retry-After` (503 only). */
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
  }

  /** The headers of the refusal: the challenge, or `Retry-After` for a 503. */
  get headers(): Record<string, string> {
    return this.status === 503
      ? { 'retry-after': String(this.retryAfterSeconds ?? 1) }
      : { 'www-authenticate': this.challenge };
  }

  /** The refusal as the transport writes it: JSON-RPC error body and its headers. */
  toHttpRefusal(id: JsonRpcRequest['id'] | null = null): HttpRefusal {
    if (this.status !== 503)
      return new HttpRefusal(this.status, ErrorCode.InvalidRequest, this.message, id, this.headers);
    // -32000: the server-error code of every "retry later" refusal (as CapacityError).
    const data = { retryAfterSeconds: this.retryAfterSeconds ?? 1 };
    return new HttpRefusal(503, -32000, this.message, id, this.headers, data);
  }
}

/** What a client is told when the authorization server cannot be asked (the cause is logged). */
const AUTHORIZATION_UNAVAILABLE = 'The authorization server is unavailable; retry later';

/**
 * The MCP server as an OAuth protected resource (module option `auth`): verifies bearer tokens,
 * knows the scopes each tool, prompt and resource needs, builds the 401/403 challenges and the
 * RFC 9728 metadata. `McpBearerGuard`, the metadata route and the Streamable HTTP transport use
 * it; inject it to check a token yourself.
 */
@Injectable()
export class McpResourceServer {
  private readonly logger = new Logger('McpResourceServer');
  private readonly auth?: McpAuthOptions;
  private readonly verify?: McpAccessTokenVerifyFn;
  private readonly dpop = new DpopProofVerifier();
  private readonly required: Record<McpScopedKind, Map<string, string[]>> = {
    tools: new Map(),
    prompts: new Map(),
    resources: new Map(),
  };

  constructor(
    @Inject(MCP_AUTH_OPTIONS) options: { auth?: McpAuthOptions },
    private readonly server: McpServer,
    @Inject(MCP_REDIS_STORES) redis?: McpRedisStores,
  ) {
    const auth = options.auth;
    if (!auth) return;
    assertProtectedResourceOptions(auth);
    const { verifier } = auth;
    if (typeof verifier !== 'function' && typeof verifier?.verify !== 'function') {
      throw new Error('auth: verifier must be a function or have verify(token)');
    }
    this.auth = auth;
    // With the `redis` option (else a shared `dpop.replayCache`) a proof used at one instance is
    // refused at every other one.
    const replays = redis ? new RedisReplayCache(redis.connection, 'dpop') : auth.dpop?.replayCache;
    this.dpop = new DpopProofVerifier(auth.dpop, replays);
    this.verify = typeof verifier === 'function' ? verifier : (token) => verifier.verify(token);
    for (const kind of ['tools', 'prompts', 'resources'] as const) {
      for (const [name, scopes] of Object.entries<string[]>(auth.scopes?.[kind] ?? {})) {
        this.requireScopes(kind, name, scopes);
      }
    }
  }

  /** True when the module has the `auth` option. */
  get enabled(): boolean {
    return this.auth !== undefined;
  }

  /** True when the module's Streamable HTTP endpoint is guarded (`protectEndpoint`, default on). */
  get protectsEndpoint(): boolean {
    return this.auth !== undefined && this.auth.protectEndpoint !== false;
  }

  /** The resource URL (the `auth` option's `resource`), if the module has the option. */
  get resource(): string | undefined {
    return this.auth?.resource;
  }

  /** The RFC 9728 document, with the DPoP algorithms (RFC 9449 §5.1).
   * @throws Error without the `auth` option. */
  metadata(): ProtectedResourceMetadata {
    const { auth } = this.configured();
    return {
      ...protectedResourceMetadata(auth),
      dpop_signing_alg_values_supported: [...this.dpop.algorithms],
      ...(auth.dpop?.required === true && { dpop_bound_access_tokens_required: true }),
    };
  }

  /** Adds scopes a primitive needs (from `@McpScopes()` and the option map). */
  requireScopes(kind: McpScopedKind, name: string, scopes: readonly string[]): void {
    if (scopes.length === 0) return;
    const known = this.required[kind].get(name) ?? [];
    this.required[kind].set(name, unionOf(known, scopes));
  }

  /** The scopes a call of this primitive needs: the module's `requiredScopes` and its own. */
  scopesFor(kind: McpScopedKind, name: string | undefined): string[] {
    const own = name === undefined ? [] : (this.required[kind].get(name) ?? []);
    return unionOf(this.auth?.requiredScopes ?? [], own);
  }

  /** The scopes a JSON-RPC request needs, from its method and target. */
  scopesForRequest(request: Pick<JsonRpcRequest, 'method' | 'params'>): string[] {
    const params = (request.params ?? {}) as { name?: unknown; uri?: unknown };
    const name = typeof params.name === 'string' ? params.name : undefined;
    switch (request.method) {
      case 'tools/call':
        return this.scopesFor('tools', name);
      case 'prompts/get':
        return this.scopesFor('prompts', name);
      case 'skills/get':
      case 'resources/read': {
        const uri = typeof params.uri === 'string' ? params.uri : '';
        return this.scopesFor('resources', this.resourceNameOf(uri));
      }
      default:
        return this.scopesFor('tools', undefined);
    }
  }

  /** The name of the fixed resource or template serving `uri` (a skill's file: the skill's). */
  private resourceNameOf(uri: string): string | undefined {
    if (uri.startsWith('skill://')) {
      for (const skill of this.server.skills.values()) {
        if (skill.files.some((file) => file.uri === uri)) return skill.descriptor.frontmatter.name;
      }
    }
    const fixed = this.server.resources.get(uri);
    if (fixed) return fixed.descriptor.name;
    for (const template of this.server.resourceTemplates.values()) {
      if (template.template.match(uri)) return template.descriptor.name;
    }
    return undefined;
  }

  /**
   * Verifies the request's access token once (the result is kept on the request as `auth`): a
   * bearer token, or a DPoP-bound one presented as `Authorization: DPoP` with a proof of its key
   * for this request (RFC 9449 §7; option `auth.dpop`).
   * @throws McpAuthRefusal 401: no token (a plain challenge), a malformed header
   *   (`invalid_request`), a refused token (`invalid_token`: also a bound token sent as a bearer
   *   token) or proof (`invalid_dpop_proof`, in a `DPoP` challenge).
   */
  async authenticate(request: AuthenticatedRequest): Promise<McpAuthInfo> {
    const known = authOf(request);
    if (known) return known;
    const { auth, verify } = this.configured();
    const presented = readBearerAuthorization(request.headers.authorization);
    const required = auth.dpop?.required === true;
    if (presented.kind === 'missing') {
      throw this.unauthorized(
        undefined,
        required ? 'A DPoP-bound access token is required' : 'A bearer token is required',
        required,
      );
    }
    if (presented.kind === 'malformed') {
      throw this.unauthorized('invalid_request', presented.reason, presented.scheme === 'dpop');
    }
    const { token, scheme } = presented;
    let info: McpAuthInfo;
    try {
      info = await verify(token);
    } catch (error) {
      if (error instanceof AuthorizationServerUnavailableError) throw this.unavailable(error);
      if (!(error instanceof InvalidTokenError)) {
        this.logger.warn(`Access token verification failed: ${String(error)}`);
      }
      const reason =
        error instanceof InvalidTokenError
          ? error.message
          : 'The access token could not be verified';
      throw this.unauthorized('invalid_token', reason, scheme === 'dpop');
    }
    await this.checkBinding(request, info, scheme, required);
    setAuth(request, info);
    return info;
  }

  /** A DPoP-bound token needs the DPoP scheme and a proof of its key; `required`: every token is bound. */
  private async checkBinding(
    request: AuthenticatedRequest,
    info: McpAuthInfo,
    scheme: AccessTokenScheme,
    required: boolean,
  ): Promise<void> {
    const cnf = info.claims.cnf as { jkt?: unknown } | undefined;
    const bound = typeof cnf?.jkt === 'string' ? cnf.jkt : undefined;
    if (scheme === 'bearer') {
      if (bound !== undefined || required) {
        const reason = bound
          ? 'This access token is DPoP-bound: present it as Authorization: DPoP with a DPoP proof'
          : 'A DPoP-bound access token is required';
        throw this.unauthorized('invalid_token', reason, required);
      }
      return;
    }
    if (bound === undefined) {
      throw this.unauthorized('invalid_token', 'The access token is not DPoP-bound', true);
    }
    let key: string;
    try {
      const resource = this.auth?.resource;
      key = await this.dpop.verify({
        proof: request.headers.dpop,
        method: request.method ?? 'POST',
        urls: [requestUrlOf(request), ...(resource ? [resource] : [])],
        accessToken: info.token,
      });
    } catch (error) {
      if (error instanceof StoreUnavailableError) throw this.unavailable(error);
      if (!(error instanceof InvalidDpopProofError)) throw error;
      throw this.unauthorized('invalid_dpop_proof', error.message, true);
    }
    if (key !== bound) {
      const reason = 'The DPoP proof is signed by another key than the token is bound to';
      throw this.unauthorized('invalid_dpop_proof', reason, true);
    }
  }

  /**
   * The check of the Streamable HTTP endpoint itself (`protectEndpoint`): a verified token with
   * the module's `requiredScopes`. Run by `McpEndpointAuthGuard` and by the fast path.
   * @throws McpAuthRefusal 401, 403 or 503, as {@link authenticate} and {@link checkScopes}.
   */
  async authenticateEndpoint(request: AuthenticatedRequest): Promise<McpAuthInfo> {
    const info = await this.authenticate(request);
    this.checkScopes(info, this.scopesFor('tools', undefined));
    return info;
  }

  /**
   * Refuses a token that lacks `required` scopes: 403 `insufficient_scope` whose `scope` is what
   * to ask for (the scopes the token has, the module's, and the missing ones), for step-up.
   */
  checkScopes(info: McpAuthInfo, required: readonly string[]): void {
    const missing = missingScopes(this.effectiveScopes(info), required);
    if (missing.length === 0) return;
    const { auth } = this.configured();
    const ask = unionOf(auth.requiredScopes ?? [], info.scopes, required);
    throw new McpAuthRefusal(
      403,
      bearerChallenge({
        resourceMetadata: resourceMetadataUrl(auth.resource),
        scopes: ask,
        error: 'insufficient_scope',
        description: `Requires scope ${missing.join(' ')}`,
      }),
      `Insufficient scope: requires ${missing.join(' ')}`,
    );
  }

  /**
   * The check of each request before it runs (`authorizeRequests` of the Streamable HTTP and
   * HTTP+SSE transports, and of `createMcpTestClient`'s in-memory transport): each request's
   * scopes against the verified token, which is verified here when no guard did it yet.
   * @throws HttpRefusal 401 or 403 with the challenge.
   */
  readonly authorizeRequests = async (
    req: AuthenticatedRequest,
    requests: readonly JsonRpcRequest[],
  ): Promise<void> => {
    for (const request of requests) {
      const required = this.scopesForRequest(request);
      if (required.length === 0 && !this.protectsEndpoint) continue;
      try {
        this.checkScopes(await this.authenticate(req), required);
      } catch (error) {
        throw error instanceof McpAuthRefusal ? error.toHttpRefusal(request.id) : error;
      }
    }
  };

  /** True when this is the resource server of `server` (both belong to one `McpModule` import). */
  protects(server: McpServer): boolean {
    return this.server === server;
  }

  /** True when the request's token has every scope `required` (for list visibility). */
  allows(request: unknown, required: readonly string[]): boolean {
    if (required.length === 0) return true;
    const info = authOf(request);
    return info !== undefined && missingScopes(this.effectiveScopes(info), required).length === 0;
  }

  /** The token's scopes and every scope they imply (`impliedScopes`, transitively). */
  effectiveScopes(info: McpAuthInfo): string[] {
    const implied = this.auth?.impliedScopes;
    if (!implied) return [...info.scopes];
    const scopes = new Set(info.scopes);
    for (const scope of scopes) for (const more of implied[scope] ?? []) scopes.add(more);
    return [...scopes];
  }

  /** 503 + `Retry-After`, counted (`authorizationUnavailable`) and logged at warn, rate-limited. */
  private unavailable(
    error: AuthorizationServerUnavailableError | StoreUnavailableError,
  ): McpAuthRefusal {
    const { core } = this.server;
    core.countRefusal('authorizationUnavailable');
    core.reportClientError(
      'authorization server unavailable',
      () => `${error.message}: ${String(causeText(error.cause))}; answered 503`,
      'warn',
    );
    return new McpAuthRefusal(
      503,
      '',
      AUTHORIZATION_UNAVAILABLE,
      core.limits.limits.retryAfterSeconds,
    );
  }

  private unauthorized(
    error: 'invalid_request' | 'invalid_token' | 'invalid_dpop_proof' | undefined,
    message: string,
    dpop = false,
  ) {
    const { auth } = this.configured();
    const scopes = auth.requiredScopes ?? [];
    return new McpAuthRefusal(
      401,
      bearerChallenge({
        ...(dpop && { dpop: { algorithms: this.dpop.algorithms } }),
        resourceMetadata: resourceMetadataUrl(auth.resource),
        scopes,
        ...(error && { error, description: message }),
      }),
      message,
    );
  }

  private configured(): { auth: McpAuthOptions; verify: McpAccessTokenVerifyFn } {
    if (!this.auth || !this.verify) {
      throw new Error('McpBearerGuard needs the auth option of McpModule.forRoot()');
    }
    return { auth: this.auth, verify: this.verify };
  }
}

/** The message of a cause (and of its own cause: fetch's `TypeError` wraps the socket error). */
function causeText(cause: unknown): string {
  if (!(cause instanceof Error)) return String(cause);
  return cause.cause instanceof Error ? `${cause.message} (${cause.cause.message})` : cause.message;
}
