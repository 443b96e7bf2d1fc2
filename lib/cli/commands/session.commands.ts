import { transportName } from '../target/create-transport.js';
import type { ReplCommand } from './repl-command.interface.js';

/** Clears the screen and the scrollback (what `clear` writes on an ANSI terminal). */
const CLEAR_SCREEN = '\x1b[H\x1b[2J\x1b[3J';

/** `clear`: clears the screen. */
export const clearCommand: ReplCommand = {
  name: 'clear',
  aliases: ['cls'],
  args: '',
  summary: 'clear the screen',
  run(session) {
    session.out.raw(CLEAR_SCREEN);
    return Promise.resolve();
  },
};

/**
 * `reconnect`: a new connection and handshake with the same target (the era negotiated again,
 * a new session; a stdio server is started anew). The old connection closes once the new one
 * works; when it fails the old one stays.
 */
export const reconnectCommand: ReplCommand = {
  name: 'reconnect',
  aliases: ['initialize'],
  args: '',
  summary: 'connect again: new handshake, new session (the old one closes)',
  async run(session) {
    const client = await session.reconnect();
    await session.refreshNames();
    const info = client.serverInfo;
    session.out.print(
      `Reconnected to ${info?.name ?? 'server'} ${info?.version ?? ''} over ${transportName(session.target)} ` +
        `(${client.era} era, protocol ${client.protocolVersion}).`,
    );
  },
};
