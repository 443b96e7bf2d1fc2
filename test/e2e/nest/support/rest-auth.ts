import {
  Controller,
  createParamDecorator,
  Get,
  Injectable,
  UseGuards,
  type CanActivate,
  type ExecutionContext,
} from '@nestjs/common';
import { AuthGuard, PassportStrategy } from '@nestjs/passport';
import { ExtractJwt, Strategy } from 'passport-jwt';
import { createHmac } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import { z } from 'zod';
import { McpArgs, Tool } from '../../../../lib/index.js';

/*
 * An app's auth as it is written for REST, used unchanged on MCP tools: nothing here knows MCP.
 */

const JWT_SECRET = 'rest-auth-e2e-secret';

/** The API key {@link RestApiKeyGuard} wants in `X-Api-Key`. */
export const REST_API_KEY = 'rest-key';

/** A HS256 JWT for `sub`, signed with the app's secret (or another one, to forge). */
export function signJwt(sub: string, secret = JWT_SECRET): string {
  const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const body = `${part({ alg: 'HS256', typ: 'JWT' })}.${part({ sub, iat: 1_700_000_000 })}`;
  return `${body}.${createHmac('sha256', secret).update(body).digest('base64url')}`;
}

/** What the JWT strategy puts on `req.user`. */
export interface JwtUser {
  id: string;
}

/** passport-jwt: a bearer token signed with the app's secret. */
@Injectable()
export class JwtStrategy extends PassportStrategy(Strategy) {
  constructor() {
    super({ jwtFromRequest: ExtractJwt.fromAuthHeaderAsBearerToken(), secretOrKey: JWT_SECRET });
  }

  validate(payload: { sub: string }): JwtUser {
    return { id: payload.sub };
  }
}

/** A REST guard as apps write them: reads a header of `switchToHttp().getRequest()`. */
@Injectable()
export class RestApiKeyGuard implements CanActivate {
  canActivate(context: ExecutionContext): boolean {
    const request = context.switchToHttp().getRequest<{ headers: IncomingHttpHeaders }>();
    return request.headers['x-api-key'] === REST_API_KEY;
  }
}

/**
 * A global guard (`APP_GUARD`) reading `authorization` of every request, REST-style: no
 * `Authorization` header, no entry. It guards the MCP endpoints themselves (HTTP) and each tool call.
 */
@Injectable()
export class AuthorizationPresentGuard implements CanActivate {
  canActivate(context: ExecutionContext): boolean {
    const { headers } = context.switchToHttp().getRequest<{ headers: IncomingHttpHeaders }>();
    return typeof headers.authorization === 'string';
  }
}

/** The usual `@CurrentUser()` param decorator of a REST app. */
export const CurrentUser = createParamDecorator(
  (_data: unknown, context: ExecutionContext) =>
    context.switchToHttp().getRequest<{ user?: JwtUser }>().user,
);

/** REST routes behind the same guards as the tools. */
@Controller('rest')
export class RestController {
  @Get('me')
  @UseGuards(AuthGuard('jwt'))
  me(@CurrentUser() user: JwtUser): string {
    return `user ${user.id}`;
  }

  @Get('keyed')
  @UseGuards(RestApiKeyGuard)
  keyed(): string {
    return 'keyed';
  }
}

/** Tools behind the REST app's guards. */
@Injectable()
export class AccountTools {
  @Tool({ description: 'Who the bearer token says you are' })
  @UseGuards(AuthGuard('jwt'))
  whoami(@CurrentUser() user: JwtUser): string {
    return `user ${user.id}`;
  }

  @Tool({ description: 'Greets the user an auth guard or the test client put on the request' })
  greet(@CurrentUser() user: JwtUser | undefined): string {
    return user ? `hello ${user.id}` : 'hello stranger';
  }

  @Tool({ description: 'Echo behind the API key', inputSchema: { text: z.string() } })
  @UseGuards(RestApiKeyGuard)
  keyed_echo(@McpArgs('text') text: string): string {
    return `keyed: ${text}`;
  }
}
