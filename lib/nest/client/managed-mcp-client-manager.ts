import {
  Logger,
  type BeforeApplicationShutdown,
  type LoggerService,
  type OnModuleInit,
} from '@nestjs/common';
import { pairwise, startWith, type Subscription } from 'rxjs';
import { McpClientManager } from '../../client/manager/mcp-client-manager.js';
import type { McpUpstreamStatus } from '../../client/manager/upstream-status.interface.js';
import type { McpClientManagerModuleOptions } from './mcp-client-manager-module-options.interface.js';

/** One line for a server's new state. */
function describe(status: McpUpstreamStatus): string {
  const why = status.lastError ? `: ${status.lastError.message}` : '';
  switch (status.state) {
    case 'ready':
      return `"${status.name}" ready (${status.serverInfo?.name ?? 'server'}, ${status.protocolVersion})`;
    case 'reconnecting': {
      const when = status.nextRetryAt ? `, retry at ${status.nextRetryAt.toISOString()}` : '';
      return `"${status.name}" reconnecting (failures: ${status.failures}${when})${why}`;
    }
    default:
      return `"${status.name}" ${status.state}${why}`;
  }
}

/**
 * The client manager of `McpClientModule.forServers()`: connects at module init (unless
 * `lazyConnect`), logs each server's state changes and problems, closes before shutdown.
 */
export class ManagedMcpClientManager
  extends McpClientManager
  implements OnModuleInit, BeforeApplicationShutdown
{
  private readonly log: LoggerService | undefined;
  private readonly watching: Subscription[] = [];

  constructor(private readonly moduleOptions: McpClientManagerModuleOptions) {
    super(moduleOptions);
    const { logger } = moduleOptions;
    this.log = logger === false ? undefined : (logger ?? new Logger('McpClientManager'));
  }

  async onModuleInit(): Promise<void> {
    if (this.log) this.watch(this.log);
    if (!this.moduleOptions.lazyConnect) await this.connect();
  }

  async beforeApplicationShutdown(): Promise<void> {
    for (const subscription of this.watching) subscription.unsubscribe();
    await this.close();
  }

  private watch(log: LoggerService): void {
    const context = 'McpClientManager';
    for (const name of this.names) {
      const changes = this.status$(name).pipe(startWith(undefined), pairwise());
      this.watching.push(
        changes.subscribe(([before, now]) => {
          if (!now || before?.state === now.state) return;
          if (now.state === 'ready') log.log(describe(now), context);
          else if (now.state !== 'connecting' && now.state !== 'closed')
            log.warn(describe(now), context);
        }),
      );
    }
    this.watching.push(this.errors$.subscribe((error) => log.warn(error.message, context)));
  }
}
