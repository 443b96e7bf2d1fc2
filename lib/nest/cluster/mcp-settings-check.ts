import {
  Inject,
  Injectable,
  Logger,
  type OnModuleDestroy,
  type OnModuleInit,
} from '@nestjs/common';
import { randomBytes } from 'node:crypto';
import { McpServer } from '../../server/mcp-server.js';
import {
  fingerprintConflicts,
  settingsFingerprint,
  type SettingsFingerprint,
} from '../../server/cluster/settings-fingerprint.js';
import type { McpRedisStores } from '../../stores/redis/create-redis-stores.js';
import { RedisFingerprints } from '../../stores/redis/redis-fingerprints.js';
import type { McpModuleOptions } from '../mcp-module-options.interface.js';
import { MCP_MODULE_OPTIONS } from '../mcp.module-definition.js';
import { MCP_REDIS_STORES } from '../mcp-stores.providers.js';

/**
 * Makes a misconfigured instance loud (with the `redis` option): at startup it publishes the
 * fingerprint of its settings ({@link settingsFingerprint}: `requestState` key fingerprints, never
 * the keys, and the settings that must be equal) under the key prefix, compares it with the
 * running instances' and logs each conflict as an error, or fails the startup with
 * `cluster.onMismatch: 'refuse'`. It refreshes its entry and checks again every 10 s (a conflict
 * is logged once); `McpHealthIndicator` reports the instance `degraded` with the conflicts.
 */
@Injectable()
export class McpSettingsCheck implements OnModuleInit, OnModuleDestroy {
  /** The conflicts seen on the last check (empty: the instances agree). */
  conflicts: readonly string[] = [];
  private readonly logger = new Logger('McpCluster');
  private readonly logged = new Set<string>();
  private timer?: NodeJS.Timeout;
  private fingerprints?: RedisFingerprints;
  private mine?: SettingsFingerprint;
  private instance = randomBytes(6).toString('hex');

  constructor(
    @Inject(MCP_MODULE_OPTIONS) private readonly options: McpModuleOptions,
    @Inject(MCP_REDIS_STORES) private readonly redis: McpRedisStores | undefined,
    private readonly server: McpServer,
  ) {}

  /** Publishes and checks once (refusing the startup when asked), then every 10 s. */
  async onModuleInit(): Promise<void> {
    if (!this.redis) return;
    this.instance = this.server.core.cluster?.instanceId ?? this.instance;
    this.fingerprints = new RedisFingerprints(this.redis.connection);
    this.mine = settingsFingerprint(this.options);
    await this.check();
    if (this.conflicts.length > 0 && this.options.cluster?.onMismatch === 'refuse') {
      throw new Error(
        `McpModule: this instance's settings differ from the running instances' (cluster.onMismatch is 'refuse'): ${this.conflicts.join('; ')}`,
      );
    }
    this.timer = setInterval(() => void this.check(), this.fingerprints.refreshMs);
    this.timer.unref();
  }

  async onModuleDestroy(): Promise<void> {
    clearInterval(this.timer);
    await this.fingerprints?.withdraw(this.instance).catch(() => undefined);
  }

  /** Compares with the live entries, logs new conflicts, publishes this instance's entry. */
  private async check(): Promise<void> {
    const fingerprints = this.fingerprints!;
    const mine = this.mine!;
    try {
      const others = await fingerprints.others<SettingsFingerprint>(this.instance);
      this.conflicts = others.flatMap((other) =>
        fingerprintConflicts(mine, other.value, other.instance),
      );
      for (const conflict of this.conflicts) {
        if (this.logged.has(conflict)) continue;
        this.logged.add(conflict);
        this.logger.error(`Settings mismatch: ${conflict}`);
      }
      await fingerprints.publish(this.instance, mine);
    } catch {
      // Redis is down: the stores report that; the check runs again on the next tick.
    }
  }
}
