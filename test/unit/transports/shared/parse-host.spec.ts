import { parseHostHeader } from '../../../../lib/transports/shared/parse-host.js';

describe('parseHostHeader', () => {
  it('parses host[:port] into the lower-cased host and hostname', () => {
    expect(parseHostHeader('LocalHost:3000')).toEqual({
      hostname: 'localhost',
      host: 'localhost:3000',
    });
    expect(parseHostHeader('[::1]:8080')).toEqual({ hostname: '[::1]', host: '[::1]:8080' });
  });

  it.each(['', '127.0.0.1:3000@evil.example', 'host/path', '127.1', 'host:port', 'a b'])(
    'refuses %p, also when asked again',
    (value) => {
      expect(parseHostHeader(value)).toBeUndefined();
      expect(parseHostHeader(value)).toBeUndefined();
    },
  );

  it('answers a value seen before with the same frozen object (parsed once per value)', () => {
    const first = parseHostHeader('mcp.example.com:443');
    expect(first).toEqual({ hostname: 'mcp.example.com', host: 'mcp.example.com:443' });
    expect(parseHostHeader('mcp.example.com:443')).toBe(first);
    expect(Object.isFrozen(first)).toBe(true);
  });

  it('still answers every value after more distinct ones than it remembers', () => {
    for (let i = 0; i < 300; i++) {
      expect(parseHostHeader(`h${i}.example:${1000 + i}`)?.host).toBe(`h${i}.example:${1000 + i}`);
    }
    expect(parseHostHeader('h0.example:1000')?.hostname).toBe('h0.example');
  });

  it('answers values asked in turn each with its own answer (the last one is kept apart)', () => {
    for (let i = 0; i < 3; i++) {
      expect(parseHostHeader('a.example:1')?.host).toBe('a.example:1');
      expect(parseHostHeader('127.0.0.1:1@evil.example')).toBeUndefined();
      expect(parseHostHeader('b.example:2')?.host).toBe('b.example:2');
      expect(parseHostHeader('b.example:2')?.hostname).toBe('b.example');
      expect(parseHostHeader('127.0.0.1:1@evil.example')).toBeUndefined();
    }
  });

  it('parses a long value each time without remembering it', () => {
    const long = `${'a'.repeat(300)}.example`;
    expect(parseHostHeader(long)?.hostname).toBe(long);
    expect(parseHostHeader(long)).not.toBe(parseHostHeader(long));
  });
});
