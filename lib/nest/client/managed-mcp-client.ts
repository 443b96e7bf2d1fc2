import { Logger, type BeforeApplicationShutdown, type OnModuleInit } from '@nestjs/common';
import { McpClient } from '../../client/mcp-client.js';
import { connectWithRetry, describeServer } from './connect-with-retry.js';
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
    if ((config.retryAttempts ?? 0) > 0 && typeof config.transport !== 'function') {
      throw new TypeError(
        `McpClient "${name}": retryAttempts needs transport as a factory ` +
          '(() => new StreamableHttpClientTransport(url)): a failed transport cannot be reused',
      );
    }
    this.logger = new Logger(`McpClient:${name}`);
    const { forwardLogs } = config;
    if (forwardLogs) {
      const target = forwardLogs === true ? new Logger() : forwardLogs;
      forwardServerLogs(this.logs$, target, `McpClient:${name}`);
    }
  }

  /**
   * Connects (unless `lazyConnect`), retrying `retryAttempts` times. The error of the last
   * attempt names the client, the server, and the options that change what happens next.
   */
  async onModuleInit(): Promise<void> {
    if (this.config.lazyConnect) return;
    const retry = {
      retryAttempts: this.config.retryAttempts ?? 0,
      retryDelay: this.config.retryDelay ?? 3000,
      retryBackoff: this.config.retryBackoff ?? 1,
    };
    try {
      await connectWithRetry(
        () => this.connect(),
        retry,
        (error, attempt, delay) =>
          this.logger.warn(
            `Connecting to ${describeServer(this.transport)} failed (attempt ${attempt} of ` +
              `${retry.retryAttempts + 1}): ${(error as Error).message}; retrying in ${Math.round(delay)} ms`,
          ),
      );
    } catch (error) {
      const attempts = (error as { attempts?: number }).attempts ?? 1;
      throw new Error(
        `McpClient "${this.name}" could not connect to ${describeServer(this.transport)} ` +
          `(${attempts} attempt${attempts === 1 ? '' : 's'}): ${(error as Error).message}. ` +
          'Set retryAttempts and retryDelay to wait for a server that starts later, or ' +
          'lazyConnect: true to start without it (the client connects on first use).',
        { cause: error },
      );
    }
    this.logger.log(`Connected to ${this.serverInfo?.name ?? 'server'} (${this.protocolVersion})`);
  }

  async beforeApplicationShutdown(): Promise<void> {
    await this.close();
  }
}
