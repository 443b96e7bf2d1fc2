import { LOGGING_LEVELS } from './schema/logging.js';

/** MCP logging levels, least to most severe (RFC 5424 order); re-exported from the protocol schemas. */
export { LOGGING_LEVELS };

/** One MCP logging level. */
export type LoggingLevel = (typeof LOGGING_LEVELS)[number];

const severity = new Map<string, number>(LOGGING_LEVELS.map((level, i) => [level, i]));

/** The severity rank of a level (-1 when unknown). */
export function levelSeverity(level: string): number {
  return severity.get(level) ?? -1;
}

/** Client identity as the client reports it (unverified). */
export interface ClientInfo {
  name: string;
  version: string;
  title?: string;
  [key: string]: unknown;
}

/** Capabilities the client declared (sampling, elicitation, roots ...). */
export type ClientCapabilities = Record<string, unknown> & {
  sampling?: Record<string, unknown>;
  elicitation?: Record<string, unknown>;
  roots?: { listChanged?: boolean };
};

/**
 * The protocol facts a request is served under. In the legacy era a session caches them from
 * `initialize`; in the stateless 2026 era each request carries its own. Handlers never assume a session.
 */
export interface ProtocolContext {
  protocolVersion: string;
  clientCapabilities: ClientCapabilities;
  clientInfo?: ClientInfo;
  /** Minimum level of `notifications/message` the client wants; undefined means every level. */
  logLevel?: LoggingLevel;
}
