import { Module } from '@nestjs/common';
import { ThrottlerModule } from '@nestjs/throttler';
import { McpHealthIndicator, McpModule, redisOptionsFromEnv } from '../../../lib/index.js';
import { ClusterTools } from './cluster.tools.js';
import { RegistrationTools } from './registration.tools.js';
import { StreamsTools } from './streams.tools.js';
import { DebugController } from './debug.controller.js';
import { SessionTools } from './session.tools.js';
import { LimitedTools } from './limited.tools.js';
import { SessionEndHooks } from './session-end.hooks.js';

/**
 * One instance of a service run several times on one Redis deployment (`REDIS_URL`, or
 * `REDIS_CLUSTER_NODES=host:port,...`, or `REDIS_SENTINELS=host:port,...` with
 * `REDIS_SENTINEL_NAME`; key prefix `REDIS_PREFIX`), every instance with the same
 * `MCP_REQUEST_STATE_KEYS` (comma-separated, newest first): every instance serves every session,
 * with Streamable HTTP at /mcp and legacy HTTP+SSE at /sse.
 */
@Module({
  imports: [
    ThrottlerModule.forRoot({ throttlers: [{ ttl: 60_000, limit: 100 }] }),
    McpModule.forRoot({
      name: 'nestjs-mcp-cluster',
      version: '0.1.0',
      sse: true,
      // MCP over WebSocket at /ws too (the e2e specs of the shared session caps turn it on).
      ...(process.env.MCP_WEBSOCKET === '1' && { websocket: true }),
      redis: {
        ...redisOptionsFromEnv(),
        // How long one Redis command may take (a frozen Redis fails work after it); default 3 s.
        ...(process.env.REDIS_COMMAND_TIMEOUT_MS && {
          commandTimeoutMs: Number(process.env.REDIS_COMMAND_TIMEOUT_MS),
        }),
      },
      requestState: { keys: process.env.MCP_REQUEST_STATE_KEYS?.split(',').filter(Boolean) ?? [] },
      // Tests read the owner of a session from a header; a real app would use its auth guard.
      principal: (req) => req.headers['x-user'] as string | undefined,
      // A misconfigured instance logs an error ('log') or does not start ('refuse').
      cluster: { onMismatch: process.env.MCP_ON_MISMATCH === 'refuse' ? 'refuse' : 'log' },
      // Limits (JSON of `McpLimitsOptions`): on Redis they count for the whole service.
      ...(process.env.MCP_LIMITS && { limits: JSON.parse(process.env.MCP_LIMITS) as object }),
      // How long an instance keeps its live copy of a session it no longer serves (the e2e specs
      // shorten it to watch copies go); the record in Redis stays for sessionIdleTimeoutMs.
      ...(process.env.LIVE_COPY_IDLE_MS && {
        liveCopyIdleMs: Number(process.env.LIVE_COPY_IDLE_MS),
      }),
      // The e2e specs shorten the session's life in Redis and the expiry sweep to watch it end.
      ...(process.env.SESSION_IDLE_TIMEOUT_MS && {
        sessionIdleTimeoutMs: Number(process.env.SESSION_IDLE_TIMEOUT_MS),
      }),
      ...(process.env.SESSION_EXPIRY_SWEEP_MS && {
        sessionExpirySweepMs: Number(process.env.SESSION_EXPIRY_SWEEP_MS),
      }),
    }),
  ],
  controllers: [DebugController],
  providers: [
    ClusterTools,
    StreamsTools,
    SessionTools,
    RegistrationTools,
    LimitedTools,
    SessionEndHooks,
    McpHealthIndicator,
  ],
})
export class ClusterModule {}
