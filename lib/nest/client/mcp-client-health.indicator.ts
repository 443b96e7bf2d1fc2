import { Injectable } from '@nestjs/common';
import { ModuleRef } from '@nestjs/core';
import type { McpClient } from '../../client/mcp-client.js';
import {
  failureMessage,
  healthResult,
  withTimeout,
  type McpHealthResult,
} from '../health/health-result.js';
import { getMcpClientToken } from './mcp-client.tokens.js';

/** Options of {@link McpClientHealthIndicator.isHealthy}. */
export interface McpClientHealthOptions {
  /** The client's registration name (default `'default'`). */
  client?: string;
  /** How long the ping may take (default 2000 ms). */
  timeoutMs?: number;
}

/**
 * A `@nestjs/terminus` health indicator for a client registered with `McpClientModule`: `up`
 * when its server answers a ping (`server/discover` in the 2026-07-28 era) in time, with the
 * negotiated era and protocol revision and the round-trip latency; `down` otherwise, with the
 * reason. List it in a module's `providers`; it finds the clients by name.
 * @example
 * ```ts
 * check() { return this.health.check([() => this.clients.isHealthy('weather-server', { client: 'weather' })]); }
 * ```
 */
@Injectable()
export class McpClientHealthIndicator {
  constructor(private readonly moduleRef: ModuleRef) {}

  /** Pings the client's server and reports it under `key`. */
  async isHealthy<Key extends string>(
    key: Key,
    options: McpClientHealthOptions = {},
  ): Promise<McpHealthResult<Key>> {
    const name = options.client ?? 'default';
    let client: McpClient;
    try {
      client = this.moduleRef.get<McpClient>(getMcpClientToken(name), { strict: false });
    } catch {
      return healthResult(key, 'down', { client: name, error: `No MCP client named '${name}'` });
    }
    const started = performance.now();
    try {
      await withTimeout(client.ping(), options.timeoutMs ?? 2000, `MCP server of client '${name}'`);
    } catch (error) {
      return healthResult(key, 'down', {
        client: name,
        state: client.currentState,
        error: failureMessage(error),
      });
    }
    return healthResult(key, 'up', {
      client: name,
      era: client.era,
      protocolVersion: client.protocolVersion,
      server: client.serverInfo?.name,
      latencyMs: Math.round((performance.now() - started) * 10) / 10,
    });
  }
}
