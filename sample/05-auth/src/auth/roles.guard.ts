import { Injectable, type CanActivate, type ExecutionContext } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { McpExecutionContext } from '../../../../lib/index.js';
import { ROLES_KEY } from './roles.decorator.js';
import type { AuthenticatedRequest, Role } from './token-store.js';

/**
 * Per-tool authorization for MCP handlers: reads `@Roles()` and the user that the HTTP auth put
 * on the request behind the MCP call. With `hideDeniedFromLists`, the same check decides what
 * `tools/list` (and prompts, resources) shows to each caller. Other contexts pass through.
 */
@Injectable()
export class RolesGuard implements CanActivate {
  constructor(private readonly reflector: Reflector) {}

  canActivate(context: ExecutionContext): boolean {
    if (!McpExecutionContext.isMcp(context)) return true;
    const required = this.reflector.getAllAndOverride<Role[] | undefined>(ROLES_KEY, [
      context.getHandler(),
      context.getClass(),
    ]);
    if (!required || required.length === 0) return true;
    const { request } = McpExecutionContext.create(context);
    const roles = (request as AuthenticatedRequest | undefined)?.user?.roles ?? [];
    return required.some((role) => roles.includes(role));
  }
}
