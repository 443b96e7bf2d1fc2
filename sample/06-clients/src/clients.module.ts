import { Module } from '@nestjs/common';
import { ConfigModule, ConfigService } from '@nestjs/config';
import {
  McpClientModule,
  StdioClientTransport,
  StreamableHttpClientTransport,
} from '../../../lib/index.js';
import { DEFAULT_DEMO_MCP_URL, DEMO_CLIENT, EVERYTHING_CLIENT } from './clients.constants.js';
import { ClientsShowcase } from './clients.showcase.js';
import { everythingServerPath } from './everything-server.js';

const clientInfo = { name: 'nestjs-mcp-clients-sample', version: '1.0.0' };

/**
 * Two injectable MCP clients, each connected at module init and closed on shutdown:
 * - `demo` (`registerAsync`, URL from `ConfigService`: env `DEMO_MCP_URL`) over Streamable HTTP;
 * - `everything` (`register`) over stdio, spawning `@modelcontextprotocol/server-everything`.
 */
@Module({
  imports: [
    ConfigModule.forRoot({ ignoreEnvFile: true }),
    McpClientModule.registerAsync({
      name: DEMO_CLIENT,
      imports: [ConfigModule],
      inject: [ConfigService],
      useFactory: (config: ConfigService) => ({
        clientInfo,
        transport: () =>
          new StreamableHttpClientTransport(
            new URL(config.get<string>('DEMO_MCP_URL') ?? DEFAULT_DEMO_MCP_URL),
          ),
      }),
    }),
    McpClientModule.register({
      name: EVERYTHING_CLIENT,
      clientInfo,
      transport: () =>
        new StdioClientTransport({
          command: process.execPath,
          args: [everythingServerPath(), 'stdio'],
          closeTimeoutMs: 1000,
        }),
    }),
  ],
  providers: [ClientsShowcase],
})
export class ClientsModule {}
