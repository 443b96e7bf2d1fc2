import { parseTarget } from '../../../../lib/cli/target/parse-target.js';
import { splitCommandLine } from '../../../../lib/cli/target/split-command-line.js';

describe('splitCommandLine', () => {
  it.each([
    ['npx -y server  stdio', ['npx', '-y', 'server', 'stdio']],
    [`node "my server.js" 'it''s' 'a "b" c'`, ['node', 'my server.js', 'its', 'a "b" c']],
    ['a\\ b "q\\"uote" ""', ['a b', 'q"uote', '']],
    ['   ', []],
  ])('%s', (line, words) => expect(splitCommandLine(line)).toEqual(words));

  it('refuses an unterminated quote', () => {
    expect(() => splitCommandLine('node "x')).toThrow('unterminated " quote');
  });
});

describe('parseTarget', () => {
  it('reads http(s) URLs as Streamable HTTP and ws(s) as WebSocket', () => {
    expect(parseTarget(['http://h:1/mcp'])).toMatchObject({
      kind: 'http',
      label: 'http://h:1/mcp',
    });
    expect(parseTarget(['wss://h/ws'])).toMatchObject({ kind: 'ws' });
  });

  it('reads anything else as a command line, quoted or as several words', () => {
    expect(parseTarget(['node "a b.js" stdio'])).toMatchObject({
      kind: 'stdio',
      command: 'node',
      args: ['a b.js', 'stdio'],
    });
    expect(parseTarget(['npx', '-y', 'pkg'])).toMatchObject({
      command: 'npx',
      args: ['-y', 'pkg'],
    });
  });

  it('follows --transport', () => {
    expect(parseTarget(['http://h/sse'], 'sse')).toMatchObject({ kind: 'sse' });
    expect(() => parseTarget(['node x.js'], 'ws')).toThrow(
      'node x.js is not a URL (needed for --transport ws)',
    );
  });

  it('refuses what it cannot use', () => {
    expect(() => parseTarget([])).toThrow('no server given');
    expect(() => parseTarget(['ftp://h/x'])).toThrow('unsupported URL scheme in ftp://h/x');
  });
});
