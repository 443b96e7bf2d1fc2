import { Injectable, Module, type ConfigurableModuleOptionsFactory } from '@nestjs/common';
import { ConfigModule, ConfigService } from '@nestjs/config';
import type { McpModuleOptions } from '../../../../lib/index.js';

/** The configuration the async tests load (as an app would from env or files). */
export const MCP_CONFIG = {
  mcp: {
    name: 'configured-server',
    version: '3.1.4',
    instructions: 'Loaded through @nestjs/config',
    maxBodyBytes: 2048,
  },
};

/** `ConfigModule` with {@link MCP_CONFIG} and no `.env` reading. */
export const configModule = () =>
  ConfigModule.forRoot({ ignoreEnvFile: true, load: [() => MCP_CONFIG] });

/** Builds the MCP options from `ConfigService` (shared by the three async forms). */
export function mcpOptionsFrom(config: ConfigService, label: string): McpModuleOptions {
  return {
    name: `${config.getOrThrow<string>('mcp.name')}-${label}`,
    version: config.getOrThrow<string>('mcp.version'),
    instructions: config.get<string>('mcp.instructions'),
    maxBodyBytes: config.get<number>('mcp.maxBodyBytes'),
  };
}

/** An options factory class, for `useClass` / `useExisting`. */
@Injectable()
export class McpConfigFactory implements ConfigurableModuleOptionsFactory<
  McpModuleOptions,
  'create'
> {
  constructor(private readonly config: ConfigService) {}

  create(): McpModuleOptions {
    return mcpOptionsFrom(this.config, 'class');
  }
}

/** A module exporting an existing factory instance (for `useExisting`). */
@Module({
  imports: [configModule()],
  providers: [McpConfigFactory],
  exports: [McpConfigFactory],
})
export class McpConfigModule {}
