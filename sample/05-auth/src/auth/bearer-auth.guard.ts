import {
  Injectable,
  UnauthorizedException,
  type CanActivate,
  type ExecutionContext,
} from '@nestjs/common';
import type { IncomingHttpHeaders } from 'node:http';
import { bearerToken, TokenStore, type AuthUser } from './token-store.js';

/** What the guard needs of a request and a response, on Express and on Fastify alike. */
interface HttpRequestLike {
  headers: IncomingHttpHeaders;
  user?: AuthUser;
}
interface HttpResponseLike {
  header(name: string, value: string): unknown;
}

/**
 * Authentication at the HTTP level, the way a Passport bearer strategy would do it: every HTTP
 * request (the MCP endpoint included) needs `Authorization: Bearer <token>` with a known token;
 * the user is put on `req.user`. Anything else is answered 401 with a `WWW-Authenticate`
 * challenge, before MCP sees the request. Registered globally, it also runs for MCP handler calls
 * (context type `'mcp'`): those were authenticated with their HTTP request, so it lets them pass.
 */
@Injectable()
export class BearerAuthGuard implements CanActivate {
  constructor(private readonly tokens: TokenStore) {}

  canActivate(context: ExecutionContext): boolean {
    if (context.getType() !== 'http') return true;
    const http = context.switchToHttp();
    const request = http.getRequest<HttpRequestLike>();
    const user = this.tokens.verify(bearerToken(request.headers.authorization));
    if (!user) {
      http.getResponse<HttpResponseLike>().header('WWW-Authenticate', 'Bearer realm="mcp"');
      throw new UnauthorizedException('A valid bearer token is required');
    }
    request.user = user;
    return true;
  }
}
