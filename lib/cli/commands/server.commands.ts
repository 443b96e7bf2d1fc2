import { isLogLevel } from '../connection-flags.js';
import { toJson } from '../format/format-content.js';
import { LOGGING_LEVELS } from '../../protocol/schema/index.js';
import { transportName } from '../target/create-transport.js';
import { firstWord, type ReplCommand } from './repl-command.interface.js';

/** `ping`: checks the server answers (2026-07-28: `server/discover`). */
export const pingCommand: ReplCommand = {
  name: 'ping',
  args: '',
  summary: 'check that the server answers',
  async run(session) {
    await session.client.ping();
    session.out.print('pong');
  },
};

/** `info`: who the server is, the era and revision spoken, its instructions. */
export const infoCommand: ReplCommand = {
  name: 'info',
  args: '',
  summary: 'server name, version, era, protocol revision, instructions',
  run(session) {
    const { client, target } = session;
    const info = client.serverInfo;
    session.out.print(
      [
        `server:     ${info?.name ?? '?'} ${info?.version ?? ''}`.trimEnd(),
        `target:     ${target.label} (${transportName(target)})`,
        `era:        ${client.era ?? '?'}`,
        `protocol:   ${client.protocolVersion ?? '?'}`,
        `state:      ${client.currentState}`,
        ...(client.instructions ? [`instructions: ${client.instructions}`] : []),
      ].join('\n'),
    );
    return Promise.resolve();
  },
};

/** `capabilities`: the server's capabilities as JSON. */
export const capabilitiesCommand: ReplCommand = {
  name: 'capabilities',
  aliases: ['caps'],
  args: '',
  summary: 'server capabilities as JSON',
  run(session) {
    session.out.print(toJson(session.client.serverCapabilities ?? {}));
    return Promise.resolve();
  },
};

/** `state`: the connection state and the requests still pending. */
export const stateCommand: ReplCommand = {
  name: 'state',
  args: '',
  summary: 'connection state and pending requests',
  run(session) {
    const pending = session.client.pendingRequests();
    session.out.print(
      `${session.client.currentState}, ${pending.length} pending${pending.length ? `: ${pending.map((p) => `${p.method}#${p.id}`).join(', ')}` : ''}`,
    );
    return Promise.resolve();
  },
};

/** `loglevel <level>`: the minimum level of the server's log messages. */
export const logLevelCommand: ReplCommand = {
  name: 'loglevel',
  args: '<level>',
  summary: `server log level (${LOGGING_LEVELS.join(', ')})`,
  completes: 'level',
  async run(session, rest) {
    const [level] = firstWord(rest);
    if (!isLogLevel(level)) {
      return session.out.error(
        `unknown log level: ${level || '(none)'} (${LOGGING_LEVELS.join(', ')})`,
      );
    }
    await session.client.setLogLevel(level);
    session.out.print(`log level ${level}`);
  },
};
