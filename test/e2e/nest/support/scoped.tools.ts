import {
  Inject,
  Injectable,
  Scope,
  UseGuards,
  type CanActivate,
  type ExecutionContext,
} from '@nestjs/common';
import { REQUEST } from '@nestjs/core';
import type { IncomingMessage } from 'node:http';
import { McpContext, Tool } from '../../../../lib/index.js';

/** An HTTP request after the auth guard ran. */
export type AuthedRequest = IncomingMessage & { user?: { id: string } };

/** A singleton counting scoped instances (so tests can tell instances apart). */
@Injectable()
export class InstanceCounter {
  created = 0;
}

/**
 * A global HTTP guard (`APP_GUARD`) standing in for Passport: `X-User: alice` sets
 * `req.user = { id: 'alice' }`. It lets MCP-context calls through untouched.
 */
@Injectable()
export class HeaderUserGuard implements CanActivate {
  canActivate(context: ExecutionContext): boolean {
    if (context.getType() !== 'http') return true;
    const req = context
      .switchToHttp()
      .getRequest<{ headers: IncomingMessage['headers']; user?: unknown }>();
    const id = req.headers['x-user'];
    if (typeof id === 'string') req.user = { id };
    return true;
  }
}

/** A request-scoped tool host: a new instance per call, with the HTTP request injected. */
@Injectable({ scope: Scope.REQUEST })
export class ScopedTools {
  readonly instance: number;

  constructor(
    @Inject(REQUEST) private readonly request: AuthedRequest,
    counter: InstanceCounter,
  ) {
    this.instance = ++counter.created;
  }

  @Tool({ description: 'Tells which instance served the call, and for whom' })
  scoped_whoami(_args: unknown, ctx: McpContext) {
    return {
      instance: this.instance,
      user: this.request.user?.id ?? null,
      tenant: this.request.headers['x-tenant'] ?? null,
      requestIsTransportRaw: this.request === ctx.transport.raw,
    };
  }
}

/** A request-scoped service; hosts that inject it become request-scoped themselves. */
@Injectable({ scope: Scope.REQUEST })
export class TenantService {
  constructor(@Inject(REQUEST) private readonly request: AuthedRequest) {}

  tenant(): string {
    const header = this.request.headers['x-tenant'];
    return typeof header === 'string' ? header : 'none';
  }
}

/** A request-scoped guard: only tenant `acme` may call. */
@Injectable({ scope: Scope.REQUEST })
export class AcmeOnlyGuard implements CanActivate {
  constructor(@Inject(REQUEST) private readonly request: AuthedRequest) {}

  canActivate(): boolean {
    return this.request.headers['x-tenant'] === 'acme';
  }
}

/** A host with no scope of its own, but a request-scoped dependency. */
@Injectable()
export class TenantTools {
  constructor(private readonly tenants: TenantService) {}

  @Tool({ description: 'The tenant of the caller' })
  tenant() {
    return `tenant ${this.tenants.tenant()}`;
  }
}

/** A static host whose guard is request-scoped. */
@Injectable()
export class AcmeTools {
  @UseGuards(AcmeOnlyGuard)
  @Tool({ description: 'Only for tenant acme' })
  acme_report() {
    return 'acme report';
  }
}

/** A transient tool host. */
@Injectable({ scope: Scope.TRANSIENT })
export class TransientTools {
  readonly instance: number;

  constructor(counter: InstanceCounter) {
    this.instance = ++counter.created;
  }

  @Tool({ description: 'Served by a transient provider' })
  transient_hello() {
    return `transient #${this.instance > 0 ? 'ok' : 'missing'}`;
  }
}
