import { Logger, type BeforeApplicationShutdown, type OnModuleInit } from '@nestjs/common';
import { McpClient } from '../../client/mcp-client.js';
import { forwardServerLogs } from './forward-server-logs.js';
import type { McpClientModuleOptions } from './mcp-client-module-options.interface.js';

/**
 * An McpClient whose life follows the application's: it connects at module init (unless
 * `lazyConnect`) and closes before the application shuts down.
 */
export class ManagedMcpClient extends McpClient implements OnModuleInit, BeforeApplicationShutdown {
  private readonly logger: Logger;

  constructor(
    private readonly config: McpClientModuleOptions,
    /** The name it is injected by. */
    readonly name: string,
  ) {
    super(config);
    this.logger = new Logger(`McpClient:${name}`);
    const { forwardLogs } = config;
    if (forwardLogs) {
      const target = forwardLogs === true ? new Logger() : forwardLogs;
      forwardServerLogs(this.logs$, target, `McpClient:${name}`);
    }
  }

  async onModuleInit(): Promise<void> {
    if (this.config.lazyConnect) return;
    try {
      await this.connect();
    } catch (error) {
      throw new Error(`McpClient "${this.name}" could not connect: ${(error as Error).message}`, {
        cause: error,
      });
    }
    this.logger.log(`Connected to ${this.serverInfo?.name ?? 'server'} (${this.protocolVersion})`);
  }

  async beforeApplicationShutdown(): Promise<void> {
    await this.close();
  }
}
