import type { Provider, Type } from '@nestjs/common';
import { GUARDS_METADATA } from '@nestjs/common/constants.js';
import { McpEndpointAuthGuard } from '../auth/mcp-bearer.guard.js';
import { McpResourceServer } from '../auth/mcp-resource-server.js';

/** Injection token of {@link endpointGuardsProvider}'s decision (true: the endpoint is guarded). */
export const MCP_ENDPOINT_GUARDED = Symbol.for('nestjs-mcp:EndpointGuarded');

/**
 * Decides once, at bootstrap, whether the MCP endpoint controllers (Streamable HTTP, legacy SSE)
 * run `McpEndpointAuthGuard`: only when the module's `auth` option protects the endpoint. The
 * controllers are declared with the guard (so Nest registers it with the module); an endpoint
 * that is not protected drops it, since it would let every request through while Nest's router
 * still ran its guard step (an execution context and two async frames) on every request.
 * Providers are created before Nest registers the routes, which read the guards then.
 */
export function endpointGuardsProvider(controllers: ReadonlyArray<Type<unknown>>): Provider {
  return {
    provide: MCP_ENDPOINT_GUARDED,
    inject: [McpResourceServer],
    useFactory: (resourceServer: McpResourceServer): boolean => {
      const guarded = resourceServer.protectsEndpoint;
      for (const controller of controllers) {
        Reflect.defineMetadata(GUARDS_METADATA, guarded ? [McpEndpointAuthGuard] : [], controller);
      }
      return guarded;
    },
  };
}
