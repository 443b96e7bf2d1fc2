import { Injectable } from '@nestjs/common';
import { ModuleRef } from '@nestjs/core';
import { McpServer } from '../../server/mcp-server.js';
import { McpSettingsCheck } from '../cluster/mcp-settings-check.js';
import type { EventStore } from '../../stores/event-store.interface.js';
import type { MessageBus } from '../../stores/message-bus.interface.js';
import type { SessionStore } from '../../stores/session-store.interface.js';
import type { McpRedisStores } from '../../stores/redis/create-redis-stores.js';
import {
  EVENT_STORE,
  MCP_REDIS_STORES,
  MESSAGE_BUS,
  SESSION_STORE,
} from '../mcp-stores.providers.js';
import {
  failureMessage,
  healthResult,
  withTimeout,
  type McpHealthResult,
  type McpHealthStatus,
} from './health-result.js';

/** Options of {@link McpHealthIndicator.isHealthy}. */
export interface McpServerHealthOptions {
  /** How long each store may take to answer its probe (default 1000 ms). */
  timeoutMs?: number;
  /**
   * Share of `limits.maxSessions` (or `maxStreams`) from which the server is reported
   * `degraded` (default 0.9); at the limit itself it is `down`, since new sessions are refused.
   */
  degradedAt?: number;
  /** The server to check (default: the app's `McpServer`). */
  server?: McpServer;
}

type StoreState = 'up' | 'down' | 'not checked';

/**
 * A `@nestjs/terminus` health indicator for the MCP server: its stores answer their probe
 * (`ping()`, or a `SessionStore.get`; on Redis the command connection and the bus subscriber are
 * each pinged), sessions and `subscriptions/listen` streams against the limits, requests in
 * flight, and whether it is draining; on shared stores also the instances it hears alive, the
 * Redis counters (`McpRedisStats`) and orphaned tasks, and `degraded` with `settingsMismatch`
 * when this instance's settings differ from the other instances' (see `cluster.onMismatch`). List it in a module's `providers`
 * (it finds the app's `McpServer` and stores itself); terminus is not needed to load it.
 * @example
 * ```ts
 * @Get('health') @HealthCheck()
 * check() { return this.health.check([() => this.mcp.isHealthy('mcp')]); }
 * ```
 */
@Injectable()
export class McpHealthIndicator {
  constructor(private readonly moduleRef: ModuleRef) {}

  /** Checks the server; `down` when a store fails, the server drains or a limit is reached. */
  async isHealthy<Key extends string>(
    key: Key,
    options: McpServerHealthOptions = {},
  ): Promise<McpHealthResult<Key>> {
    const server = options.server ?? this.find<McpServer>(McpServer);
    if (!server) return healthResult(key, 'down', { error: 'No McpServer in this app' });
    const timeoutMs = options.timeoutMs ?? 1000;
    const stores = await this.probeStores(timeoutMs);
    const stats = server.stats();
    const { maxSessions, maxStreams } = stats.limits;
    const load = Math.max(stats.admittedSessions / maxSessions, stats.listenStreams / maxStreams);
    const failed = Object.values(stores).some((s) => s.state === 'down');
    let status: McpHealthStatus = 'up';
    const mismatch = this.find<McpSettingsCheck>(McpSettingsCheck)?.conflicts ?? [];
    if (failed || stats.draining || load >= 1) status = 'down';
    else if (load >= (options.degradedAt ?? 0.9) || mismatch.length > 0) status = 'degraded';
    return healthResult(key, status, {
      sessions: stats.sessions,
      maxSessions,
      listenStreams: stats.listenStreams,
      maxStreams,
      inFlight: stats.inFlight,
      draining: stats.draining,
      stores,
      ...(mismatch.length > 0 && { settingsMismatch: mismatch }),
      ...this.cluster(server),
    });
  }

  private async probeStores(
    timeoutMs: number,
  ): Promise<Record<string, { state: StoreState; error?: string }>> {
    const probe = async (what: string, run: (() => Promise<unknown>) | undefined) => {
      if (!run) return { state: 'not checked' as const };
      try {
        await withTimeout(run(), timeoutMs, what);
        return { state: 'up' as const };
      } catch (error) {
        return { state: 'down' as const, error: failureMessage(error) };
      }
    };
    const sessions = this.find<SessionStore>(SESSION_STORE);
    const events = this.find<EventStore>(EVENT_STORE);
    const bus = this.find<MessageBus>(MESSAGE_BUS);
    const [sessionStore, eventStore, messageBus] = await Promise.all([
      probe(
        'the session store',
        sessions &&
          (sessions.ping ? () => sessions.ping!() : () => sessions.get('nestjs-mcp:health')),
      ),
      probe('the event store', events?.ping && (() => events.ping!())),
      probe('the message bus', bus?.ping && (() => bus.ping!())),
    ]);
    return { sessionStore, eventStore, messageBus };
  }

  /**
   * On shared stores: the instances this one hears (its own id first), the Redis counters and the
   * tasks failed here because their runner was gone.
   */
  private cluster(server: McpServer): Record<string, unknown> {
    const relay = server.core.cluster;
    if (!relay) return {};
    const redis = this.find<McpRedisStores>(MCP_REDIS_STORES);
    return {
      instances: relay.aliveInstances(),
      orphanedTasks: server.core.tasks.orphanedTasks,
      ...(redis ? { redis: redis.stats() } : {}),
    };
  }

  private find<T>(token: symbol | typeof McpServer | typeof McpSettingsCheck): T | undefined {
    try {
      return this.moduleRef.get<T>(token, { strict: false });
    } catch {
      return undefined;
    }
  }
}
