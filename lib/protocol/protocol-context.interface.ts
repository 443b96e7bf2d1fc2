import type { Implementation } from './schema/base.js';
import type { ClientCapabilities } from './schema/capabilities.js';
import { LOGGING_LEVELS, type LoggingLevel } from './schema/logging.js';

/** MCP logging levels, least to most severe (RFC 5424 order); re-exported from the protocol schemas. */
export { LOGGING_LEVELS, type LoggingLevel };

const severity = new Map<string, number>(LOGGING_LEVELS.map((level, i) => [level, i]));

/** The severity rank of a level (-1 when unknown). */
export function levelSeverity(level: string): number {
  return severity.get(level) ?? -1;
}

/**
 * The protocol facts a request is served under. In the legacy era a session caches them from
 * `initialize`; in the stateless 2026 era each request carries its own. Handlers never assume a session.
 */
export interface ProtocolContext {
  protocolVersion: string;
  /** Capabilities the client declared. */
  clientCapabilities: ClientCapabilities;
  /** Client identity as the client reports it (unverified). */
  clientInfo?: Implementation;
  /** Minimum level of `notifications/message` the client wants; undefined means every level. */
  logLevel?: LoggingLevel;
  /** Protocol era of the request: `'modern'` for stateless 2026-07-28 requests; absent = legacy. */
  era?: 'legacy' | 'modern';
}
