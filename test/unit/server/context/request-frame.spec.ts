import { httpFrameOf, McpStdioFrame } from '../../../../lib/server/context/request-frame.js';
import type { TransportInfo } from '../../../../lib/engine/transport-info.interface.js';

const frame = (request: unknown, headers: TransportInfo['headers'] = {}) =>
  httpFrameOf({ kind: 'streamable-http', headers, request })!;

describe('McpHttpFrame', () => {
  it('reads headers case-insensitively, the first of repeated values', () => {
    const http = frame({}, { 'x-api-key': 'k', 'x-many': ['a', 'b'] });
    expect(http.header('X-Api-Key')).toBe('k');
    expect(http.header('x-many')).toBe('a');
    expect(http.header('absent')).toBeUndefined();
  });

  it('parses path and query once; repeated names become arrays; prototype keys are plain data', () => {
    const http = frame({ url: '/mcp?a=1&b=x&b=y&__proto__=p&constructor=c' });
    expect(http.path).toBe('/mcp');
    expect(http.query).toEqual({ a: '1', b: ['x', 'y'], ['__proto__']: 'p', constructor: 'c' });
    expect(http.queryParam('b')).toBe('x');
    expect(Object.isFrozen(http.query)).toBe(true);
    expect(http.query).toBe(http.query); // computed once
  });

  it('prefers Express originalUrl and protocol (trust proxy) over the Node request', () => {
    const http = frame(
      { url: '/', originalUrl: '/api/mcp?x=1', protocol: 'https', socket: { encrypted: false } },
      { host: 'example.com' },
    );
    expect([http.path, http.scheme, http.host, http.port]).toEqual([
      '/api/mcp',
      'https',
      'example.com',
      443,
    ]);
  });

  it('scheme from the socket, host without port, IPv6 kept bracketed, port from Host', () => {
    const tls = frame({ url: '/', socket: { encrypted: true } }, { host: '[::1]:8443' });
    expect([tls.scheme, tls.host, tls.port]).toEqual(['https', '[::1]', 8443]);
    const plain = frame({ url: '/', socket: {} }, { host: 'localhost' });
    expect([plain.scheme, plain.port]).toEqual(['http', 80]);
  });

  it('a stand-in with headers only (in-memory) knows no URL, scheme or port', () => {
    const http = frame({ headers: {} });
    expect([http.path, http.scheme, http.host, http.port]).toEqual([
      undefined,
      undefined,
      undefined,
      undefined,
    ]);
    expect(http.query).toEqual({});
  });

  it('is absent without headers (stdio)', () => {
    expect(httpFrameOf({ kind: 'stdio' })).toBeUndefined();
  });
});

describe('McpStdioFrame', () => {
  it('gives a frozen copy of the environment and the process id', () => {
    const stdio = new McpStdioFrame();
    expect(stdio.pid).toBe(process.pid);
    expect(stdio.env.PATH).toBe(process.env.PATH);
    expect(Object.isFrozen(stdio.env)).toBe(true);
    expect(() => {
      (stdio.env as Record<string, string>).PATH = 'x';
    }).toThrow(TypeError);
  });
});
