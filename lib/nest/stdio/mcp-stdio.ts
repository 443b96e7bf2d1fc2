import {
  Logger,
  type DynamicModule,
  type INestApplicationContext,
  type LoggerService,
  type Type,
} from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { McpServer } from '../../server/mcp-server.js';
import { StdioServerTransport } from '../../transports/stdio/stdio-server.transport.js';
import { StdoutGuard } from '../../transports/stdio/stdout-guard.js';
import type { McpStdioOptions, McpStdioServer } from './mcp-stdio-options.interface.js';
import { StderrLogger } from './stderr-logger.js';
import { StdioAppRunner } from './stdio-app-runner.js';

const DEFAULT_SIGNALS: NodeJS.Signals[] = ['SIGTERM', 'SIGINT'];

/**
 * Runs a Nest app as a stdio MCP server, the way desktop MCP clients launch servers: a Nest
 * application context (no HTTP server; `McpModule`'s HTTP controller is simply not served), one
 * MCP session over stdin/stdout with newline-delimited JSON-RPC, every log line on stderr.
 *
 * - stdout carries protocol messages only; while serving, `console.log`/`info`/`debug` and other
 *   `process.stdout.write` calls are redirected to stderr (see `guardStdout`).
 * - SIGTERM, SIGINT or `close()` drain first (new requests get a -32000 error, requests in flight
 *   finish within `drainTimeoutMs` or get that error), then close the session, close the app
 *   (`onModuleDestroy` and shutdown hooks run) and exit with code 0. stdin EOF skips the drain
 *   (the client is gone): running handlers are aborted.
 * @example
 * ```ts
 * // main.ts
 * import 'reflect-metadata';
 * import { McpStdio } from 'nestjs-mcp';
 * import { AppModule } from './app.module.js';
 *
 * await McpStdio.run(AppModule);
 * ```
 */
export class McpStdio {
  /**
   * Boots `module` and serves its `McpServer` over stdio until shutdown.
   * @returns the running server, once serving.
   * @throws when the app fails to boot or has no `McpServer` (import `McpModule.forRoot()`);
   * stdout is left untouched then.
   */
  static async run(
    module: Type<unknown> | DynamicModule,
    options: McpStdioOptions = {},
  ): Promise<McpStdioServer> {
    const input = options.input ?? process.stdin;
    const output = options.output ?? process.stdout;
    // Installed first, so console.log calls made while the app boots cannot reach stdout.
    const guard =
      options.guardStdout !== false && output === process.stdout
        ? StdoutGuard.install()
        : undefined;
    let app: INestApplicationContext | undefined;
    try {
      app = await NestFactory.createApplicationContext(module, {
        ...options.appOptions,
        logger: resolveLogger(options.logger),
        abortOnError: false,
      });
      const server = findServer(app, module);
      const transport = new StdioServerTransport(
        server.core.createSession(undefined, 'stdio'),
        input,
        guard?.protocolOutput ?? output,
        {
          maxMessageBytes: options.maxMessageBytes,
          maxJsonDepth: options.maxJsonDepth,
          maxBufferedBytes: options.maxBufferedBytes,
          logger: new Logger('McpStdioTransport'),
        },
      );
      return new StdioAppRunner(app, server, transport, {
        signals: options.signals ?? DEFAULT_SIGNALS,
        exitOnClose: options.exitOnClose ?? true,
        shutdownTimeoutMs: options.shutdownTimeoutMs ?? server.core.drainTimeoutMs + 5000,
        guard,
      }).start();
    } catch (error) {
      await app?.close().catch(() => undefined);
      guard?.restore();
      throw error;
    }
  }
}

function resolveLogger(logger: McpStdioOptions['logger']): LoggerService | false {
  if (logger === false) return false;
  if (logger === undefined) return new StderrLogger();
  if (Array.isArray(logger)) return new StderrLogger({ logLevels: logger });
  return logger;
}

function findServer(
  app: INestApplicationContext,
  module: Type<unknown> | DynamicModule,
): McpServer {
  try {
    return app.get(McpServer, { strict: false });
  } catch (error) {
    const name = 'module' in module ? module.module.name : module.name;
    throw new Error(
      `McpStdio.run(${name}): no McpServer in the application; import McpModule.forRoot({ name, version }) in ${name}`,
      { cause: error },
    );
  }
}
