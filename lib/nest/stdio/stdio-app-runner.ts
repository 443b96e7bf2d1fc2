import { Logger, type INestApplicationContext } from '@nestjs/common';
import type { McpServer } from '../../server/mcp-server.js';
import type {
  StdioCloseReason,
  StdioServerTransport,
} from '../../transports/stdio/stdio-server.transport.js';
import type { StdoutGuard } from '../../transports/stdio/stdout-guard.js';
import type { McpStdioServer } from './mcp-stdio-options.interface.js';

/** Settings of a {@link StdioAppRunner} (resolved from `McpStdioOptions`). */
export interface StdioAppRunnerSettings {
  signals: NodeJS.Signals[];
  exitOnClose: boolean;
  shutdownTimeoutMs: number;
  guard?: StdoutGuard;
}

type ShutdownCause = StdioCloseReason | NodeJS.Signals;

/**
 * The lifecycle of a stdio MCP server process: serves until stdin ends, a signal arrives or
 * {@link close} is called, then closes the session (aborting running handlers), flushes stdout,
 * closes the Nest app within a time bound and, by default, exits the process.
 */
export class StdioAppRunner implements McpStdioServer {
  readonly closed: Promise<ShutdownCause>;
  private resolveClosed!: (cause: ShutdownCause) => void;
  private shutdownPromise?: Promise<void>;
  private readonly logger = new Logger('McpStdio');

  constructor(
    readonly app: INestApplicationContext,
    readonly server: McpServer,
    readonly transport: StdioServerTransport,
    private readonly settings: StdioAppRunnerSettings,
  ) {
    this.closed = new Promise((resolve) => (this.resolveClosed = resolve));
  }

  /** Installs the signal handlers and starts serving. */
  start(): this {
    for (const signal of this.settings.signals) process.on(signal, this.onSignal);
    void this.transport.closed.then((reason) => this.shutdown(reason));
    this.transport.start();
    this.logger.log('Serving MCP over stdio');
    return this;
  }

  /** {@inheritDoc McpStdioServer.close} */
  close(): Promise<void> {
    return this.shutdown('closed');
  }

  private shutdown(cause: ShutdownCause): Promise<void> {
    return (this.shutdownPromise ??= this.runShutdown(cause));
  }

  private async runShutdown(cause: ShutdownCause): Promise<void> {
    this.logger.log(`Shutting down (${describeCause(cause)})`);
    let timer: NodeJS.Timeout | undefined;
    const timedOut = new Promise<'timeout'>((resolve) => {
      timer = setTimeout(() => resolve('timeout'), this.settings.shutdownTimeoutMs);
    });
    let exitCode = 0;
    try {
      const outcome = await Promise.race([this.closeEverything(cause), timedOut]);
      if (outcome === 'timeout') {
        exitCode = 1;
        this.logger.error(`Shutdown did not finish within ${this.settings.shutdownTimeoutMs} ms`);
      }
    } catch (error) {
      exitCode = 1;
      const err = error instanceof Error ? error : new Error(String(error));
      this.logger.error(`Shutdown failed: ${err.message}`, err.stack);
    } finally {
      clearTimeout(timer);
    }
    for (const signal of this.settings.signals) process.off(signal, this.onSignal);
    this.settings.guard?.restore();
    this.resolveClosed(cause);
    if (this.settings.exitOnClose) process.exit(exitCode);
  }

  private async closeEverything(cause: ShutdownCause): Promise<'done'> {
    // A signal or close(): the client is still there, so requests in flight may finish (or get
    // a -32000 error) before the session closes. When stdin ended or a stream failed, close now.
    if (isSignal(cause) || cause === 'closed') await this.server.drain();
    await this.transport.close(isSignal(cause) ? 'closed' : cause);
    await this.app.close();
    return 'done';
  }

  private readonly onSignal = (signal: NodeJS.Signals): void => {
    if (!this.shutdownPromise) {
      void this.shutdown(signal);
      return;
    }
    // A second signal while shutting down: stop waiting.
    this.logger.warn(`${signal} during shutdown: exiting now`);
    if (this.settings.exitOnClose) process.exit(1);
  };
}

function isSignal(cause: ShutdownCause): cause is NodeJS.Signals {
  return cause.startsWith('SIG');
}

function describeCause(cause: ShutdownCause): string {
  switch (cause) {
    case 'end-of-input':
      return 'stdin closed';
    case 'input-error':
      return 'stdin failed';
    case 'output-error':
      return 'stdout failed';
    case 'session-closed':
      return 'session closed';
    case 'closed':
      return 'close() called';
    default:
      return cause;
  }
}
