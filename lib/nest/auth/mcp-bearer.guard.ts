import {
  ForbiddenException,
  HttpException,
  Injectable,
  ServiceUnavailableException,
  UnauthorizedException,
  type CanActivate,
  type ExecutionContext,
} from '@nestjs/common';
import type { IncomingHttpHeaders } from 'node:http';
import { McpExecutionContext } from '../invoker/mcp-execution-context.js';
import { authRefusalBody } from './auth-refusal-response.js';
import { McpAuthRefusal, McpResourceServer, type McpScopedKind } from './mcp-resource-server.js';
import { scopesOfHandler } from './mcp-scopes.decorator.js';

/** A response on Express (`setHeader`) or Fastify (`header`). */
interface ResponseLike {
  header?(name: string, value: string): unknown;
  setHeader?(name: string, value: string): unknown;
}

/** The Nest exception of each refusal status. */
const EXCEPTIONS: Record<McpAuthRefusal['status'], new (body: object) => HttpException> = {
  401: UnauthorizedException,
  403: ForbiddenException,
  503: ServiceUnavailableException,
};

const KIND_OF_METHOD: Record<string, McpScopedKind> = {
  'tools/call': 'tools',
  'prompts/get': 'prompts',
  'resources/read': 'resources',
};

/**
 * Bearer token authentication for the module's `auth` option, as a Nest guard:
 * - on HTTP routes (the MCP endpoint gets it by default; `APP_GUARD` for every route): verifies
 *   `Authorization: Bearer`, puts the token's facts on `req.auth` (and `req.user`, which binds
 *   the MCP session to `sub:<subject>`), answers 401 with a `WWW-Authenticate` challenge naming
 *   the resource metadata, 403 `insufficient_scope` when the module's `requiredScopes` are missing;
 * - on MCP handlers (`APP_GUARD`, `@UseGuards()` on a tool): verifies the call's HTTP request
 *   when no route did, and checks the handler's `@McpScopes()` (and the option map for the called
 *   name): a denied tool call is an `isError` result, and with `hideDeniedFromLists` the handler
 *   is hidden from that caller's lists.
 */
@Injectable()
export class McpBearerGuard implements CanActivate {
  constructor(protected readonly resourceServer: McpResourceServer) {}

  /**
   * Declared `boolean | Promise<boolean>` so that a subclass may answer at once (Nest then skips
   * awaiting it); this guard itself always answers with a promise.
   */
  canActivate(context: ExecutionContext): boolean | Promise<boolean> {
    return this.check(context);
  }

  private async check(context: ExecutionContext): Promise<boolean> {
    if (McpExecutionContext.isMcp(context)) return this.checkCall(context);
    if (context.getType() !== 'http') return true;
    const http = context.switchToHttp();
    const request = http.getRequest<{ headers: IncomingHttpHeaders; method?: string }>();
    if (request.method === 'OPTIONS') return true; // CORS preflights carry no credentials
    try {
      await this.resourceServer.authenticateEndpoint(request);
      return true;
    } catch (error) {
      throw this.toHttpException(error, http.getResponse<ResponseLike>());
    }
  }

  private async checkCall(context: ExecutionContext): Promise<boolean> {
    const { request, mcp } = McpExecutionContext.create(context);
    const kind = KIND_OF_METHOD[mcp.method];
    const name = mcp.rawParams.name;
    const required = [
      ...scopesOfHandler(context.getClass(), context.getHandler()),
      ...this.resourceServer.scopesFor(
        kind ?? 'tools',
        typeof name === 'string' ? name : undefined,
      ),
    ];
    try {
      const info = await this.resourceServer.authenticate(request);
      this.resourceServer.checkScopes(info, required);
      return true;
    } catch (error) {
      throw this.toHttpException(error, undefined);
    }
  }

  private toHttpException(error: unknown, response: ResponseLike | undefined): unknown {
    if (!(error instanceof McpAuthRefusal)) return error;
    const [header, value] =
      error.status === 503
        ? ['Retry-After', String(error.retryAfterSeconds ?? 1)]
        : ['WWW-Authenticate', error.challenge];
    if (typeof response?.header === 'function') response.header(header, value);
    else response?.setHeader?.(header, value);
    return new EXCEPTIONS[error.status](authRefusalBody(error));
  }
}

/**
 * The guard the module puts on its Streamable HTTP endpoint: {@link McpBearerGuard} when the
 * `auth` option is set and `protectEndpoint` is not `false`, else a pass.
 */
@Injectable()
export class McpEndpointAuthGuard extends McpBearerGuard {
  /** `true` at once when the endpoint is not protected: Nest need not await a promise per request. */
  override canActivate(context: ExecutionContext): boolean | Promise<boolean> {
    return this.resourceServer.protectsEndpoint ? super.canActivate(context) : true;
  }
}
