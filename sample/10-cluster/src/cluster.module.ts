import { Module } from '@nestjs/common';
import { McpModule } from '../../../lib/index.js';
import { ClusterTools } from './cluster.tools.js';
import { RegistrationTools } from './registration.tools.js';
import { StreamsTools } from './streams.tools.js';

/**
 * One instance of a service run several times on one Redis (`REDIS_URL`, `REDIS_PREFIX`): every
 * instance serves every session, with Streamable HTTP at /mcp and legacy HTTP+SSE at /sse.
 */
@Module({
  imports: [
    McpModule.forRoot({
      name: 'nestjs-mcp-cluster',
      version: '0.1.0',
      sse: true,
      redis: { url: process.env.REDIS_URL, keyPrefix: process.env.REDIS_PREFIX },
      // Tests read the owner of a session from a header; a real app would use its auth guard.
      principal: (req) => req.headers['x-user'] as string | undefined,
    }),
  ],
  providers: [ClusterTools, StreamsTools, RegistrationTools],
})
export class ClusterModule {}
