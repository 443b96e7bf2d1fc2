import { Injectable, type CanActivate, type ExecutionContext } from '@nestjs/common';
import { PassportStrategy } from '@nestjs/passport';
import type { IncomingHttpHeaders } from 'node:http';
import { ExtractJwt, Strategy } from 'passport-jwt';

export const JWT_SECRET = 'packaging-secret';
export const API_KEY = 'packaging-key';

/** passport-jwt, as a REST app configures it. */
@Injectable()
export class JwtStrategy extends PassportStrategy(Strategy) {
  constructor() {
    super({ jwtFromRequest: ExtractJwt.fromAuthHeaderAsBearerToken(), secretOrKey: JWT_SECRET });
  }

  validate(payload: { sub: string }) {
    return { id: payload.sub };
  }
}

/** A REST guard, unchanged: reads a header of the HTTP request. */
@Injectable()
export class ApiKeyGuard implements CanActivate {
  canActivate(context: ExecutionContext): boolean {
    const request = context.switchToHttp().getRequest<{ headers: IncomingHttpHeaders }>();
    return request.headers['x-api-key'] === API_KEY;
  }
}
