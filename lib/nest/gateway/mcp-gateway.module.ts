import { MCP_GATEWAY_METHODS } from './forward-methods.js';
import { MCP_GATEWAY_CLAIMS } from './forward-call.js';
import {
  Module,
  type CanActivate,
  type DynamicModule,
  type Provider,
  type Type,
} from '@nestjs/common';
import { McpClientManager } from '../../client/manager/mcp-client-manager.js';
import { ManagedMcpClientManager } from '../client/managed-mcp-client-manager.js';
import type { McpClientManagerModuleOptions } from '../client/mcp-client-manager-module-options.interface.js';
import {
  MCP_GATEWAY_GUARDS,
  McpGatewayHandlers,
  McpGatewayInvoker,
} from './mcp-gateway-invoker.js';
import type {
  McpGatewayAsyncOptions,
  McpGatewayGuard,
  McpGatewayModuleOptions,
  McpGatewayPrincipalClaims,
} from './mcp-gateway-options.interface.js';
import { McpGatewayRegistrar } from './mcp-gateway.registrar.js';
import { UpstreamInputRelay } from './upstream-input-relay.js';

/** The token of the gateway manager's options. */
const MCP_GATEWAY_OPTIONS = 'nestjs-mcp:McpGatewayOptions';

const isClass = (guard: McpGatewayGuard): guard is Type<CanActivate> => typeof guard === 'function';

/**
 * Serves many MCP servers as one, from the app's own MCP server (`McpModule`): the upstream
 * servers of an `mcpServers` map are aggregated by an {@link McpClientManager} (namespacing,
 * collisions, reconnection as there) and each of their tools, prompts, resources and templates
 * is registered on the app's `McpServer`, following the upstreams' lists (`list_changed` reaches
 * the downstream clients). Calls are forwarded with their arguments, progress, cancellation and
 * trace context; upstream elicitation and sampling requests go to the downstream client; every
 * call runs through Nest's pipeline (global guards, interceptors and filters, then `guards`).
 * The manager is exported (`McpClientManager`) for status and health.
 * @example
 * ```ts
 * @Module({
 *   imports: [
 *     McpModule.forRoot({ name: 'gateway', version: '1.0.0' }),
 *     McpGatewayModule.forRoot({
 *       mcpServers: { files: { command: 'mcp-files' }, weather: { url: 'https://weather.example.com/mcp' } },
 *       guards: [ApiKeyGuard],
 *     }),
 *   ],
 * })
 * export class AppModule {}
 * ```
 */
@Module({})
export class McpGatewayModule {
  /** The gateway from static options. */
  static forRoot(options: McpGatewayModuleOptions): DynamicModule {
    const { guards = [], isGlobal, forwardMethods, principalClaims, ...manager } = options;
    return McpGatewayModule.build({ provide: MCP_GATEWAY_OPTIONS, useValue: manager }, [], {
      guards,
      isGlobal,
      forwardMethods,
      principalClaims,
    });
  }

  /** The gateway with the manager's options from a factory (e.g. `ConfigService`). */
  static forRootAsync(options: McpGatewayAsyncOptions): DynamicModule {
    const {
      imports = [],
      inject = [],
      useFactory,
      guards = [],
      isGlobal,
      forwardMethods,
      principalClaims,
    } = options;
    return McpGatewayModule.build(
      { provide: MCP_GATEWAY_OPTIONS, inject: inject as never[], useFactory },
      imports as DynamicModule[],
      { guards, isGlobal, forwardMethods, principalClaims },
    );
  }

  private static build(
    options: Provider,
    imports: DynamicModule[],
    extras: {
      guards: readonly McpGatewayGuard[];
      isGlobal: boolean | undefined;
      forwardMethods: Readonly<Record<string, string>> | undefined;
      principalClaims: McpGatewayPrincipalClaims | undefined;
    },
  ): DynamicModule {
    const classes = extras.guards.filter(isClass);
    return {
      module: McpGatewayModule,
      global: extras.isGlobal ?? false,
      imports,
      providers: [
        options,
        { provide: MCP_GATEWAY_METHODS, useValue: extras.forwardMethods ?? {} },
        { provide: MCP_GATEWAY_CLAIMS, useValue: extras.principalClaims ?? null },
        ...classes,
        {
          provide: MCP_GATEWAY_GUARDS,
          inject: classes,
          useFactory: (...built: CanActivate[]) =>
            extras.guards.map((guard) => (isClass(guard) ? built[classes.indexOf(guard)]! : guard)),
        },
        UpstreamInputRelay,
        McpGatewayHandlers,
        McpGatewayInvoker,
        {
          provide: McpClientManager,
          inject: [MCP_GATEWAY_OPTIONS, UpstreamInputRelay],
          useFactory: (manager: McpClientManagerModuleOptions, relay: UpstreamInputRelay) => {
            const own = manager.client;
            return new ManagedMcpClientManager({
              ...manager,
              client: (server) =>
                relay.clientOptions(server, typeof own === 'function' ? own(server) : own),
            });
          },
        },
        McpGatewayRegistrar,
      ],
      exports: [McpClientManager],
    };
  }
}
