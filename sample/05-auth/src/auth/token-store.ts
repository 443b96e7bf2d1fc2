import { Injectable } from '@nestjs/common';
import type { IncomingMessage } from 'node:http';

/** A role a caller can hold. */
export type Role = 'user' | 'admin';

/** The authenticated caller, as the auth guard puts it on `req.user`. */
export interface AuthUser {
  /** Stable id: the MCP session is bound to it. */
  id: string;
  username: string;
  roles: Role[];
}

/** An HTTP request after authentication. */
export type AuthenticatedRequest = IncomingMessage & { user?: AuthUser };

/**
 * The demo token table. A real app verifies JWTs or asks its identity provider; the shape of
 * what ends up on `req.user` is all the MCP side cares about.
 */
export const DEMO_TOKENS: Readonly<Record<string, AuthUser>> = {
  'user-token-ursula': { id: 'u-100', username: 'ursula', roles: ['user'] },
  'user-token-uriel': { id: 'u-101', username: 'uriel', roles: ['user'] },
  'admin-token-ada': { id: 'u-001', username: 'ada', roles: ['user', 'admin'] },
};

/** Looks bearer tokens up in an in-memory table. */
@Injectable()
export class TokenStore {
  private readonly tokens = new Map(Object.entries(DEMO_TOKENS));

  /** The user a token belongs to, if it is known. */
  verify(token: string | undefined): AuthUser | undefined {
    return token === undefined ? undefined : this.tokens.get(token);
  }

  /** Every known user (for the admin tools). */
  users(): AuthUser[] {
    return [...this.tokens.values()];
  }
}

/** The token of an `Authorization: Bearer <token>` header, if there is one. */
export function bearerToken(header: string | undefined): string | undefined {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header ?? '');
  return match?.[1];
}
