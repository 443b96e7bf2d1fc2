/**
 * Client manager and gateway types as a consumer sees them (strict + exactOptionalPropertyTypes
 * + noUncheckedIndexedAccess, against dist/lib/index.d.ts).
 */
import { Injectable, Module, type CanActivate, type ExecutionContext } from '@nestjs/common';
import { expectTypeOf } from 'expect-type';
import type { Observable } from 'rxjs';
import {
  getMcpGatewayTarget,
  McpClient,
  McpClientManager,
  McpClientModule,
  McpGatewayModule,
  McpModule,
  McpNameCollisionError,
  McpServersConfigError,
  UpstreamUnavailableError,
  McpError,
  type Mcp,
  type McpAggregate,
  type McpAggregatedTool,
  type McpClientManagerOptions,
  type McpGatewayTarget,
  type McpServersConfig,
  type McpUpstreamState,
  type McpUpstreamStatus,
} from 'nestjs-mcp';

/** A desktop-client config file's JSON is accepted as it is. */
const fromDesktopFile = {
  mcpServers: {
    files: { command: 'npx', args: ['-y', '@modelcontextprotocol/server-filesystem', '/tmp'] },
    github: { command: 'gh-mcp', env: { GITHUB_TOKEN: 'x' }, cwd: '/srv' },
    weather: { url: 'https://weather.example.com/mcp', headers: { authorization: 'Bearer t' } },
    legacy: { type: 'sse', url: 'https://old.example.com/sse' },
    socket: { url: 'wss://ws.example.com/mcp', transport: 'websocket' },
  },
} satisfies McpServersConfig;

export const options: McpClientManagerOptions = {
  ...fromDesktopFile,
  namespace: { separator: '.', collisions: 'prefix-on-collision' },
  reconnect: { initialDelayMs: 100, maxAttempts: 5 },
  client: (server) => ({ clientInfo: { name: `agent-${server}`, version: '1.0.0' } }),
};

export const badEntry: McpServersConfig = {
  // @ts-expect-error: an entry needs a `command` or a `url`
  mcpServers: { broken: { args: ['x'] } },
};

export const badPolicy: McpClientManagerOptions = {
  mcpServers: {},
  // @ts-expect-error: the collision policy is one of three words
  namespace: { collisions: 'merge' },
};

@Injectable()
export class Agent {
  constructor(private readonly manager: McpClientManager) {}

  async run(): Promise<void> {
    expectTypeOf(this.manager.tools$).toEqualTypeOf<Observable<readonly McpAggregatedTool[]>>();
    expectTypeOf(this.manager.aggregate).toEqualTypeOf<McpAggregate>();
    const tool = this.manager.aggregate.tools[0];
    if (tool) {
      expectTypeOf(tool.descriptor).toEqualTypeOf<Mcp.Tool>();
      expectTypeOf(tool.server).toEqualTypeOf<string>();
    }
    const result = await this.manager.callTool<{ temp: number }>('weather__forecast', {
      city: 'Oslo',
    });
    expectTypeOf(result.structuredContent).toEqualTypeOf<{ temp: number } | undefined>();
    expectTypeOf(this.manager.get('weather')).toEqualTypeOf<McpClient>();
    const status = this.manager.status('weather');
    expectTypeOf(status).toEqualTypeOf<McpUpstreamStatus>();
    expectTypeOf(status.state).toEqualTypeOf<McpUpstreamState>();
    expectTypeOf(status.lastError).toEqualTypeOf<Error | undefined>();
    await this.manager.readResource('weather://stations', { server: 'weather' });
  }
}

export function errorsAreClasses(error: unknown): void {
  if (error instanceof McpNameCollisionError) {
    expectTypeOf(error.servers).toEqualTypeOf<readonly [string, string]>();
  }
  if (error instanceof McpServersConfigError)
    expectTypeOf(error.server).toEqualTypeOf<string | undefined>();
  if (error instanceof UpstreamUnavailableError) expectTypeOf(error).toMatchTypeOf<McpError>();
}

@Injectable()
export class NoAdminServer implements CanActivate {
  canActivate(context: ExecutionContext): boolean {
    const target = getMcpGatewayTarget(context);
    expectTypeOf(target).toEqualTypeOf<McpGatewayTarget | undefined>();
    return target?.server !== 'admin';
  }
}

@Module({
  imports: [
    McpClientModule.forServers({ ...fromDesktopFile, lazyConnect: true, logger: false }),
    McpClientModule.forServersAsync({
      inject: ['CONFIG'],
      useFactory: (config: { mcpServers: McpServersConfig['mcpServers'] }) => ({
        mcpServers: config.mcpServers,
      }),
    }),
  ],
})
export class ManagerModule {}

@Module({
  imports: [
    McpModule.forRoot({ name: 'gateway', version: '1.0.0' }),
    McpGatewayModule.forRoot({ ...fromDesktopFile, guards: [NoAdminServer] }),
  ],
})
export class GatewayModule {}
