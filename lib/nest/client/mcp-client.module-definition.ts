import { ConfigurableModuleBuilder, type DynamicModule, type Provider } from '@nestjs/common';
import { McpClient } from '../../client/mcp-client.js';
import { ManagedMcpClient } from './managed-mcp-client.js';
import type {
  McpClientModuleExtras,
  McpClientModuleOptions,
} from './mcp-client-module-options.interface.js';
import { DEFAULT_MCP_CLIENT, getMcpClientToken } from './mcp-client.tokens.js';

/**
 * The client module builder: `register(options & extras)` and `registerAsync({ useFactory |
 * useClass | useExisting, imports, inject } & extras)`, one client per call. Each call is its own
 * module instance, so its options token stays private; only the client's token is exported (and
 * `McpClient` itself for the default client).
 */
export const {
  ConfigurableModuleClass: McpClientConfigurableModule,
  MODULE_OPTIONS_TOKEN: MCP_CLIENT_MODULE_OPTIONS,
  OPTIONS_TYPE: MCP_CLIENT_OPTIONS_TYPE,
  ASYNC_OPTIONS_TYPE: MCP_CLIENT_ASYNC_OPTIONS_TYPE,
} = new ConfigurableModuleBuilder<McpClientModuleOptions>({ moduleName: 'McpClient' })
  .setClassMethodName('register')
  .setFactoryMethodName('createMcpClientOptions')
  .setExtras<McpClientModuleExtras>(
    { name: DEFAULT_MCP_CLIENT, isGlobal: false },
    // Annotated: the body refers to MCP_CLIENT_MODULE_OPTIONS, which this builder defines.
    (definition, extras): DynamicModule => {
      const name = extras.name ?? DEFAULT_MCP_CLIENT;
      const token = getMcpClientToken(name);
      const providers: Provider[] = [
        {
          provide: token,
          inject: [MCP_CLIENT_MODULE_OPTIONS],
          useFactory: (options: McpClientModuleOptions) => new ManagedMcpClient(options, name),
        },
      ];
      // The default client can also be injected by class.
      if (name === DEFAULT_MCP_CLIENT) providers.push({ provide: McpClient, useExisting: token });
      return {
        ...definition,
        global: extras.isGlobal ?? false,
        providers: [...(definition.providers ?? []), ...providers],
        exports: name === DEFAULT_MCP_CLIENT ? [token, McpClient] : [token],
      };
    },
  )
  .build();

/** What `McpClientModule.register()` takes for one client: its options plus the extras. */
export type McpClientRegistration = typeof MCP_CLIENT_OPTIONS_TYPE;

/**
 * What `McpClientModule.registerAsync()` takes for one client: `useFactory` (with `inject`),
 * `useClass` or `useExisting` (an {@link McpClientOptionsFactory}), `imports`, plus the extras.
 */
export type McpClientAsyncRegistration = typeof MCP_CLIENT_ASYNC_OPTIONS_TYPE;
