import { McpServersConfigError } from '../../errors/mcp-servers-config.error.js';
import type { McpBrokerEndpoint } from '../../transports/broker/broker-options.interface.js';
import type {
  McpRemoteTransportKind,
  McpServerConfig,
  McpServersConfig,
} from './mcp-servers-config.interface.js';

/** A checked `mcpServers` entry with its transport decided. */
export type ParsedServerConfig =
  | {
      kind: 'stdio';
      command: string;
      args: readonly string[];
      env: Readonly<Record<string, string>> | undefined;
      cwd: string | undefined;
    }
  | {
      kind: McpRemoteTransportKind;
      url: URL;
      headers: Readonly<Record<string, string>> | undefined;
    }
  | { kind: 'broker'; endpoint: McpBrokerEndpoint; livenessMs: number | undefined };

const SERVER_NAME = /^[A-Za-z0-9_.-]{1,64}$/;
const TYPE_TO_TRANSPORT: Record<string, McpRemoteTransportKind> = {
  http: 'streamable-http',
  'streamable-http': 'streamable-http',
  sse: 'sse',
  websocket: 'websocket',
  ws: 'websocket',
};
const SCHEMES: Record<McpRemoteTransportKind, readonly string[]> = {
  'streamable-http': ['http:', 'https:'],
  sse: ['http:', 'https:'],
  websocket: ['ws:', 'wss:', 'http:', 'https:'],
};

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function stringRecord(server: string, field: string, value: unknown): Record<string, string> {
  if (!isRecord(value) || !Object.values(value).every((v) => typeof v === 'string')) {
    throw new McpServersConfigError(server, `"${field}" must be an object of string values`);
  }
  return value as Record<string, string>;
}

function parseStdio(server: string, entry: Record<string, unknown>): ParsedServerConfig {
  const { command, args = [], env, cwd } = entry;
  if (typeof command !== 'string' || command.trim() === '') {
    throw new McpServersConfigError(server, '"command" must be a non-empty string');
  }
  if (!Array.isArray(args) || !args.every((a) => typeof a === 'string')) {
    throw new McpServersConfigError(server, '"args" must be an array of strings');
  }
  if (cwd !== undefined && typeof cwd !== 'string') {
    throw new McpServersConfigError(server, '"cwd" must be a string');
  }
  return {
    kind: 'stdio',
    command,
    args: args as string[],
    env: env === undefined ? undefined : stringRecord(server, 'env', env),
    cwd,
  };
}

function transportOf(server: string, entry: Record<string, unknown>, url: URL) {
  const { transport, type } = entry;
  if (transport !== undefined) {
    if (typeof transport === 'string' && transport in SCHEMES) {
      return transport as McpRemoteTransportKind;
    }
    throw new McpServersConfigError(
      server,
      `"transport" must be 'streamable-http', 'sse' or 'websocket', got ${JSON.stringify(transport)}`,
    );
  }
  if (type !== undefined) {
    const kind = typeof type === 'string' ? TYPE_TO_TRANSPORT[type] : undefined;
    if (kind) return kind;
    throw new McpServersConfigError(server, `unknown "type" ${JSON.stringify(type)} for a "url"`);
  }
  return url.protocol === 'ws:' || url.protocol === 'wss:' ? 'websocket' : 'streamable-http';
}

function parseRemote(server: string, entry: Record<string, unknown>): ParsedServerConfig {
  const { url: raw, headers } = entry;
  let url: URL;
  try {
    url = new URL(String(raw));
  } catch {
    throw new McpServersConfigError(server, `"url" is not a valid URL: ${JSON.stringify(raw)}`);
  }
  const kind = transportOf(server, entry, url);
  if (!SCHEMES[kind].includes(url.protocol)) {
    throw new McpServersConfigError(server, `"url" ${url} cannot be used with ${kind}`);
  }
  return {
    kind,
    url,
    headers: headers === undefined ? undefined : stringRecord(server, 'headers', headers),
  };
}

function parseBroker(server: string, entry: Record<string, unknown>): ParsedServerConfig {
  const transport = entry.transport as Record<string, unknown>;
  const { nats, rabbitmq } = transport;
  const fail = (why: string) => new McpServersConfigError(server, `"transport": ${why}`);
  if ((nats === undefined) === (rabbitmq === undefined))
    throw fail('give one of "nats", "rabbitmq"');
  if (nats !== undefined) {
    if (!isRecord(nats) || typeof nats.subject !== 'string' || nats.subject === '') {
      throw fail('"nats.subject" must be a non-empty string');
    }
    if (typeof nats.servers !== 'string' && !Array.isArray(nats.servers)) {
      throw fail('"nats.servers" must be a URL or a list of them');
    }
  } else if (
    !isRecord(rabbitmq) ||
    typeof rabbitmq.url !== 'string' ||
    typeof rabbitmq.queue !== 'string'
  ) {
    throw fail('"rabbitmq" needs "url" and "queue" strings');
  }
  const { livenessMs } = entry;
  if (livenessMs !== undefined && (typeof livenessMs !== 'number' || !(livenessMs > 0))) {
    throw new McpServersConfigError(server, '"livenessMs" must be a positive number');
  }
  return { kind: 'broker', endpoint: transport as McpBrokerEndpoint, livenessMs };
}

/** Checks one entry; a problem throws an {@link McpServersConfigError} naming the server. */
export function parseServerConfig(server: string, entry: McpServerConfig): ParsedServerConfig {
  if (!SERVER_NAME.test(server)) {
    throw new McpServersConfigError(
      server,
      'server names are 1-64 characters of A-Z a-z 0-9 _ - . (they prefix tool and prompt names)',
    );
  }
  if (!isRecord(entry)) throw new McpServersConfigError(server, 'must be an object');
  if (isRecord(entry.transport)) return parseBroker(server, entry);
  const hasCommand = entry.command !== undefined;
  const hasUrl = entry.url !== undefined;
  if (hasCommand === hasUrl) {
    throw new McpServersConfigError(
      server,
      hasCommand
        ? 'has both "command" and "url"; give one'
        : 'needs "command" (a stdio server), "url" (a remote server) or "transport" (a broker)',
    );
  }
  if (hasCommand && entry.type !== undefined && entry.type !== 'stdio') {
    throw new McpServersConfigError(server, `"type" ${JSON.stringify(entry.type)} needs a "url"`);
  }
  return hasCommand ? parseStdio(server, entry) : parseRemote(server, entry);
}

/**
 * Checks the whole `mcpServers` map up front (so a typo fails startup, not the first call) and
 * returns the enabled entries in config order.
 */
export function parseServersConfig(config: McpServersConfig): Map<string, ParsedServerConfig> {
  const servers = (config as { mcpServers?: unknown } | undefined)?.mcpServers;
  if (!isRecord(servers)) {
    throw new McpServersConfigError(undefined, 'must be an object of server name → config');
  }
  const parsed = new Map<string, ParsedServerConfig>();
  for (const [name, entry] of Object.entries(servers)) {
    if (isRecord(entry) && entry.disabled === true) continue;
    parsed.set(name, parseServerConfig(name, entry as McpServerConfig));
  }
  return parsed;
}
