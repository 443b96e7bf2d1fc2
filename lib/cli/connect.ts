import type { Subscription } from 'rxjs';
import { McpClient } from '../client/mcp-client.js';
import { CliError, EXIT } from './cli-error.js';
import { CliSession } from './cli-session.js';
import {
  negotiationOf,
  transportSettingsOf,
  verbosityOf,
  type ConnectionFlags,
} from './connection-flags.js';
import { describeError, Output } from './io/output.js';
import { Terminal, type CliStreams } from './io/terminal.js';
import { createElicitationPrompt } from './prompt/elicitation-prompt.js';
import { createSamplingPrompt } from './prompt/sampling-prompt.js';
import { followSessionEvents, type SessionEventOptions } from './session-events.js';
import { createTransport, transportName } from './target/create-transport.js';
import { parseTarget, type Target } from './target/parse-target.js';
import { TappedTransport } from './target/tapped-transport.js';

/** The CLI's package version, shown as `clientInfo.version`. */
export const CLI_VERSION = '0.1.0';

/**
 * Connects to the server the target words name (`versionNegotiation` `'auto'` unless pinned),
 * with elicitation and sampling answered at the prompt, and starts printing what the server
 * sends on its own. Returns the session and a function that closes everything.
 * @throws CliError (usage) for a target that cannot be used, (unreachable) naming the target and
 *   the transport when the connection or handshake fails.
 */
export async function openSession(
  words: readonly string[],
  flags: ConnectionFlags,
  streams: CliStreams,
  events: SessionEventOptions = { notifications: true },
): Promise<{ session: CliSession; close: () => Promise<void> }> {
  const out = new Output(streams.stdout, streams.stderr, verbosityOf(flags));
  let target: Target;
  try {
    target = parseTarget(words, flags.transport);
  } catch (error) {
    throw new CliError(describeError(error), EXIT.usage);
  }
  const terminal = new Terminal(streams, out);
  const settings = transportSettingsOf(flags);
  const makeClient = () =>
    new McpClient({
      transport: () => {
        const transport = createTransport(target, settings);
        return out.verbosity >= 2
          ? new TappedTransport(transport, (l) => out.detail(2, l))
          : transport;
      },
      clientInfo: { name: 'nestjs-mcp-cli', version: CLI_VERSION },
      versionNegotiation: negotiationOf(flags),
      logLevel: flags.logLevel ?? 'info',
      requestTimeoutMs: flags.timeout,
      elicitation: createElicitationPrompt(terminal.ask, terminal.say),
      sampling: createSamplingPrompt(terminal.ask, terminal.say),
    });
  let subscriptions: Subscription[] = [];
  // A new client (first connection, `reconnect`) prints its events from the start.
  const connectClient = async (client: McpClient): Promise<McpClient> => {
    const followed = followSessionEvents(session, events, client);
    out.detail(1, `connecting to ${target.label} (${transportName(target)})`);
    try {
      await client.connect();
      if (flags.logLevel && client.era === 'legacy' && client.serverCapabilities?.logging) {
        await client.setLogLevel(flags.logLevel);
      }
    } catch (error) {
      await client.close().catch(() => undefined);
      for (const s of followed) s.unsubscribe();
      throw new CliError(
        `cannot connect to ${target.label} (${transportName(target)}): ${describeError(error)}`,
        EXIT.unreachable,
      );
    }
    for (const s of subscriptions) s.unsubscribe();
    subscriptions = followed;
    out.detail(1, `connected: ${client.era} era, protocol ${client.protocolVersion}`);
    return client;
  };
  const session: CliSession = new CliSession(makeClient(), target, out, terminal, () =>
    connectClient(makeClient()),
  );
  const close = async () => {
    terminal.close();
    await session.client.close().catch(() => undefined);
    for (const s of subscriptions) s.unsubscribe();
  };
  try {
    await connectClient(session.client);
  } catch (error) {
    terminal.close();
    throw error;
  }
  return { session, close };
}
