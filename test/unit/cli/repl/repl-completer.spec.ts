import type { CliSession } from '../../../../lib/cli/cli-session.js';
import { completeLine } from '../../../../lib/cli/repl/repl-completer.js';

describe('REPL completion', () => {
  const session = {
    tools: new Map([
      ['echo', {}],
      ['echo-twice', {}],
      ['add', {}],
    ]),
    prompts: new Map([['summarise', {}]]),
    resources: [{ uri: 'demo://about' }, { uri: 'notes://a' }],
  } as unknown as CliSession;

  it('completes command names', () => {
    expect(completeLine(session, 'su')).toEqual([['subscribe'], 'su']);
    expect(completeLine(session, 'p')[0]).toEqual(['prompts', 'prompt', 'ping']);
  });

  it('completes tool, prompt and resource names and log levels after their command', () => {
    expect(completeLine(session, 'call ec')).toEqual([['echo', 'echo-twice'], 'ec']);
    expect(completeLine(session, 'prompt s')).toEqual([['summarise'], 's']);
    expect(completeLine(session, 'read demo')).toEqual([['demo://about'], 'demo']);
    expect(completeLine(session, 'loglevel w')).toEqual([['warning'], 'w']);
  });

  it('offers nothing for arguments of commands without names, or past the first argument', () => {
    expect(completeLine(session, 'ping x')).toEqual([[], 'x']);
    expect(completeLine(session, 'call echo {')[0]).toEqual([]);
  });
});
