import { resolveSseTransportOptions } from '../../../../lib/transports/sse/sse-transport.options.js';

describe('resolveSseTransportOptions', () => {
  it('applies defaults and normalises paths', () => {
    const resolved = resolveSseTransportOptions({
      path: 'a//b/',
      allowedOrigins: ['HTTPS://X.example'],
    });
    expect(resolved).toMatchObject({
      path: '/a/b',
      messagesPath: '/messages',
      keepAliveMs: 15_000,
      maxMessageBytes: 4 * 1024 * 1024,
    });
    expect(resolved.origin.dnsRebindingProtection).toBe(true);
    expect([...resolved.origin.allowedOrigins]).toEqual(['https://x.example']);
  });

  it('rejects a negative keep-alive and a non-positive body limit', () => {
    expect(() => resolveSseTransportOptions({ keepAliveMs: -1 })).toThrow(RangeError);
    expect(() => resolveSseTransportOptions({ maxMessageBytes: 0 })).toThrow(RangeError);
  });
});
