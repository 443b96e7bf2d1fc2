import { InvalidArgumentError, type Command } from 'commander';
import { LoopbackOAuthInteraction } from '../client/auth/loopback-oauth-interaction.js';
import { McpOAuthClient } from '../client/auth/mcp-oauth-client.js';
import type { VersionNegotiation } from '../client/mcp-client-options.interface.js';
import { LOGGING_LEVELS, type LoggingLevel } from '../protocol/schema/index.js';
import type { Verbosity } from './io/output.js';
import { isTargetKind, type TargetKind } from './target/parse-target.js';
import type { TransportSettings } from './target/create-transport.js';

/** The connection options every command takes, as commander parses them. */
export interface ConnectionFlags {
  transport?: TargetKind;
  header: Record<string, string>;
  env: Record<string, string>;
  cwd?: string;
  protocol?: string;
  legacy?: boolean;
  timeout?: number;
  logLevel?: LoggingLevel;
  verbose: number;
  oauth?: boolean;
  oauthClientId?: string;
  oauthClientSecret?: string;
}

const collectHeader = (value: string, all: Record<string, string>) => {
  const colon = value.indexOf(':');
  if (colon <= 0) throw new InvalidArgumentError('expected "Name: value"');
  return { ...all, [value.slice(0, colon).trim()]: value.slice(colon + 1).trim() };
};

const collectEnv = (value: string, all: Record<string, string>) => {
  const eq = value.indexOf('=');
  if (eq <= 0) throw new InvalidArgumentError('expected KEY=VALUE');
  return { ...all, [value.slice(0, eq)]: value.slice(eq + 1) };
};

const positive = (value: string) => {
  const n = Number(value);
  if (!Number.isInteger(n) || n <= 0) throw new InvalidArgumentError('expected milliseconds > 0');
  return n;
};

const transportKind = (value: string): TargetKind => {
  if (!isTargetKind(value)) throw new InvalidArgumentError('one of http, sse, ws, stdio');
  return value;
};

/** True when `value` is an MCP log level. */
export const isLogLevel = (value: string): value is LoggingLevel =>
  (LOGGING_LEVELS as readonly string[]).includes(value);

const logLevel = (value: string): LoggingLevel => {
  if (!isLogLevel(value)) throw new InvalidArgumentError(`one of ${LOGGING_LEVELS.join(', ')}`);
  return value;
};

/** Adds the connection options to a command. */
export function addConnectionFlags(command: Command): Command {
  return command
    .option(
      '-t, --transport <kind>',
      'http, sse, ws or stdio (default: from the target)',
      transportKind,
    )
    .option('-H, --header <header>', 'HTTP header "Name: value" (repeatable)', collectHeader, {})
    .option(
      '-e, --env <KEY=VALUE>',
      'environment of a launched server (repeatable)',
      collectEnv,
      {},
    )
    .option('--cwd <dir>', 'working directory of a launched server')
    .option('--protocol <version>', 'pin one protocol revision (e.g. 2025-06-18, 2026-07-28)')
    .option('--legacy', 'initialize only: never probe for the 2026-07-28 era')
    .option('--timeout <ms>', 'request timeout in ms (default 30000)', positive)
    .option(
      '--oauth',
      'authorize with OAuth when the server asks (prints the URL to open; redirect to 127.0.0.1)',
    )
    .option('--oauth-client-id <id>', 'pre-registered OAuth client id (default: registration)')
    .option('--oauth-client-secret <secret>', 'its secret, for a confidential client')
    .option('-l, --log-level <level>', 'server log level to ask for', logLevel)
    .option(
      '-v, --verbose',
      '-v connection detail and server stderr, -vv every message',
      (_, n: number) => n + 1,
      0,
    );
}

/** The verbosity the `-v` count asks for. */
export const verbosityOf = (flags: ConnectionFlags): Verbosity =>
  Math.min(flags.verbose, 2) as Verbosity;

/** `versionNegotiation` from `--protocol` / `--legacy` (default `'auto'`). */
export function negotiationOf(flags: ConnectionFlags): VersionNegotiation {
  if (flags.protocol) return { pin: flags.protocol };
  return flags.legacy ? 'legacy' : 'auto';
}

/** The transport settings of the flags (one OAuth client for the run with `--oauth`). */
export function transportSettingsOf(flags: ConnectionFlags): TransportSettings {
  const settings: TransportSettings = {
    headers: flags.header,
    env: flags.env,
    cwd: flags.cwd,
    stderr: 'pipe',
  };
  if (flags.oauth || flags.oauthClientId !== undefined) settings.auth = oauthOf(flags);
  return settings;
}

/** `--oauth`: the loopback interaction printing the authorization URL on stderr. */
function oauthOf(flags: ConnectionFlags): McpOAuthClient {
  return new McpOAuthClient({
    interaction: new LoopbackOAuthInteraction({
      onAuthorizationUrl: (url) => {
        process.stderr.write(`Open this URL to authorize nestjs-mcp:\n  ${url.href}\n`);
      },
    }),
    clientMetadata: { client_name: 'nestjs-mcp CLI' },
    ...(flags.oauthClientId !== undefined && {
      client: { clientId: flags.oauthClientId, clientSecret: flags.oauthClientSecret },
    }),
  });
}
