import {
  Inject,
  Injectable,
  Module,
  type DynamicModule,
  type FactoryProvider,
  type ModuleMetadata,
  type OnApplicationShutdown,
  type OnModuleInit,
} from '@nestjs/common';
import { ModuleRef } from '@nestjs/core';
import { McpOpenTelemetry } from '../../engine/telemetry/otel/mcp-open-telemetry.js';
import type { McpOpenTelemetryOptions } from '../../engine/telemetry/otel/mcp-open-telemetry-options.interface.js';
import { McpServer } from '../../server/mcp-server.js';

/** `McpTelemetryModule.forRootAsync` options: a factory (with `inject`/`imports`) for the options. */
export interface McpTelemetryAsyncOptions extends Pick<ModuleMetadata, 'imports'> {
  useFactory: (...args: never[]) => McpOpenTelemetryOptions | Promise<McpOpenTelemetryOptions>;
  inject?: FactoryProvider['inject'];
}

/** Injection token of the `McpTelemetryModule` options. */
export const MCP_TELEMETRY_OPTIONS = 'nestjs-mcp:McpTelemetryOptions';

/**
 * Runs the OpenTelemetry bridge for the app's lifetime: loads `@opentelemetry/api` at module
 * init, subscribes to the `nestjs-mcp:*` channels, and feeds the gauges from the app's
 * `McpServer.stats()` when there is one. Injectable, to `disable()`/`enable()` at runtime.
 */
@Injectable()
export class McpTelemetryService implements OnModuleInit, OnApplicationShutdown {
  private bridge?: McpOpenTelemetry;

  constructor(
    @Inject(MCP_TELEMETRY_OPTIONS) private readonly options: McpOpenTelemetryOptions,
    private readonly moduleRef: ModuleRef,
  ) {}

  /** The running bridge (after module init). */
  get openTelemetry(): McpOpenTelemetry | undefined {
    return this.bridge;
  }

  /** @internal */
  async onModuleInit(): Promise<void> {
    const server = this.findServer();
    const stats = this.options.stats ?? (server ? () => server.stats() : undefined);
    this.bridge = await McpOpenTelemetry.create({ ...this.options, ...(stats && { stats }) });
    this.bridge.enable();
  }

  /** @internal */
  onApplicationShutdown(): void {
    this.bridge?.disable();
  }

  private findServer(): McpServer | undefined {
    try {
      return this.moduleRef.get(McpServer, { strict: false });
    } catch {
      return undefined;
    }
  }
}

/**
 * OpenTelemetry for MCP: a SERVER span per request served and a CLIENT span per `McpClient`
 * request (trace context carried in `_meta` both ways, both eras), and the MCP metrics, through
 * the globally registered (or given) providers. Needs `@opentelemetry/api` (optional peer).
 * @example
 * ```ts
 * @Module({ imports: [McpModule.forRoot({ name: 'weather', version: '1.0.0' }), McpTelemetryModule.forRoot()] })
 * export class AppModule {}
 * ```
 */
@Module({})
export class McpTelemetryModule {
  /** Enables telemetry with `options` (default: spans and metrics). */
  static forRoot(options: McpOpenTelemetryOptions = {}): DynamicModule {
    return {
      module: McpTelemetryModule,
      global: true,
      providers: [{ provide: MCP_TELEMETRY_OPTIONS, useValue: options }, McpTelemetryService],
      exports: [McpTelemetryService],
    };
  }

  /** Enables telemetry with options from a factory (e.g. reading `ConfigService`). */
  static forRootAsync(options: McpTelemetryAsyncOptions): DynamicModule {
    return {
      module: McpTelemetryModule,
      global: true,
      imports: options.imports ?? [],
      providers: [
        {
          provide: MCP_TELEMETRY_OPTIONS,
          useFactory: options.useFactory as (...args: unknown[]) => McpOpenTelemetryOptions,
          inject: options.inject ?? [],
        },
        McpTelemetryService,
      ],
      exports: [McpTelemetryService],
    };
  }
}
