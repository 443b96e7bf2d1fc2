import type { LoggerService } from '@nestjs/common';
import type { Observable, Subscription } from 'rxjs';
import type { McpLogMessage } from '../../client/mcp-client-events.interface.js';
import type { LoggingLevel } from '../../protocol/schema/index.js';

/** The Nest logger method each MCP (syslog) level goes to. */
const NEST_METHOD: Record<LoggingLevel, 'debug' | 'log' | 'warn' | 'error' | 'fatal'> = {
  debug: 'debug',
  info: 'log',
  notice: 'log',
  warning: 'warn',
  error: 'error',
  critical: 'fatal',
  alert: 'fatal',
  emergency: 'fatal',
};

/** The text of a server log message: `[logger] data` (data as JSON unless it is a string). */
function textOf({ logger, data }: McpLogMessage): string {
  const text = typeof data === 'string' ? data : JSON.stringify(data);
  return logger ? `[${logger}] ${text}` : text;
}

/**
 * Writes every server log message (`notifications/message`) to a Nest logger under `context`:
 * `debug` → `debug`, `info`/`notice` → `log`, `warning` → `warn`, `error` → `error`,
 * `critical`/`alert`/`emergency` → `fatal` (`error` when the logger has no `fatal`).
 * Ends with the stream (the client closing).
 */
export function forwardServerLogs(
  logs$: Observable<McpLogMessage>,
  logger: LoggerService,
  context: string,
): Subscription {
  return logs$.subscribe((message) => {
    const method = NEST_METHOD[message.level] ?? 'log';
    const write = logger[method] ?? (method === 'fatal' ? logger.error : logger.log);
    write.call(logger, textOf(message), context);
  });
}
