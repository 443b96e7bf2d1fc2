import {
  closeReason,
  selectSubprotocol,
} from '../../../../lib/transports/websocket/websocket-protocol.js';
import { resolveWebSocketTransportOptions } from '../../../../lib/transports/websocket/websocket-transport.options.js';
import { isMissingPackage } from '../../../../lib/engine/missing-package.js';
import {
  normaliseRoutePath,
  requestPathname,
} from '../../../../lib/transports/shared/route-path.js';

describe('WebSocket transport options', () => {
  it('applies the documented defaults', () => {
    const options = resolveWebSocketTransportOptions();
    expect(options).toMatchObject({
      path: '/ws',
      keepAliveMs: 30_000,
      maxMessageBytes: 4 * 1024 * 1024,
      maxBufferedBytes: 8 * 1024 * 1024,
    });
    expect(options.origin.dnsRebindingProtection).toBe(true);
  });

  it('passes the origin options to the origin guard settings', () => {
    const options = resolveWebSocketTransportOptions({
      allowedOrigins: ['https://App.example.com'],
      allowedHosts: ['mcp.example.com'],
      dnsRebindingProtection: false,
    });
    expect(options.origin.allowedOrigins.has('https://app.example.com')).toBe(true);
    expect(options.origin.allowedHosts.has('mcp.example.com')).toBe(true);
    expect(options.origin.dnsRebindingProtection).toBe(false);
  });

  it('normalises paths', () => {
    expect(normaliseRoutePath('mcp/ws/')).toBe('/mcp/ws');
    expect(normaliseRoutePath('//a//b')).toBe('/a/b');
    expect(normaliseRoutePath('/')).toBe('/');
  });

  it.each([
    [{ keepAliveMs: -1 }, /keepAliveMs/],
    [{ maxMessageBytes: 0 }, /maxMessageBytes/],
    [{ maxBufferedBytes: Number.NaN }, /maxBufferedBytes/],
  ])('rejects %p at bootstrap', (options, message) => {
    expect(() => resolveWebSocketTransportOptions(options)).toThrow(message);
  });

  it('accepts keepAliveMs 0 (disabled)', () => {
    expect(resolveWebSocketTransportOptions({ keepAliveMs: 0 }).keepAliveMs).toBe(0);
  });
});

describe('wire helpers', () => {
  it('selects mcp when offered, nothing otherwise', () => {
    expect(selectSubprotocol(new Set(['chat', 'mcp']))).toBe('mcp');
    expect(selectSubprotocol(new Set(['chat']))).toBe(false);
  });

  it('keeps close reasons within the 123 bytes of a close frame', () => {
    expect(closeReason('short')).toBe('short');
    const long = closeReason('é'.repeat(200));
    expect(Buffer.byteLength(long)).toBeLessThanOrEqual(123);
    expect(long.endsWith('...')).toBe(true);
    expect(long).not.toContain('\uFFFD');
  });

  it('matches request paths without query or trailing slash', () => {
    expect(requestPathname('/ws?token=1')).toBe('/ws');
    expect(requestPathname('/ws/')).toBe('/ws');
    expect(requestPathname(undefined)).toBe('/');
  });

  it('recognises a missing package, not a missing dependency of it', () => {
    const missing = Object.assign(new Error("Cannot find package 'ws' imported from x"), {
      code: 'ERR_MODULE_NOT_FOUND',
    });
    const nested = Object.assign(new Error("Cannot find package 'bufferutil'"), {
      code: 'ERR_MODULE_NOT_FOUND',
    });
    expect(isMissingPackage(missing, 'ws')).toBe(true);
    expect(isMissingPackage(nested, 'ws')).toBe(false);
    expect(isMissingPackage(new Error("'ws'"), 'ws')).toBe(false);
  });
});
