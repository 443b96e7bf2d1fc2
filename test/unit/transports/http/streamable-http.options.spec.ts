import { clientAddressOf } from '../../../../lib/transports/shared/http/client-address.js';
import {
  principalFromUser,
  resolveStreamableHttpOptions,
} from '../../../../lib/transports/http/streamable-http.options.js';

describe('resolveStreamableHttpOptions', () => {
  it('applies the documented defaults', () => {
    expect(resolveStreamableHttpOptions()).toEqual({
      stateless: false,
      sessionIdleTimeoutMs: 30 * 60_000,
      sessionExpirySweepMs: 5_000,
      liveCopyIdleMs: 60_000,
      maxSessionStateBytes: 64 * 1024,
      maxMessageBytes: 4 * 1024 * 1024,
      bodyTimeoutMs: 30_000,
      maxJsonDepth: 64,
      responseMode: 'auto',
      sseRetryMs: 1000,
      keepAliveMs: 15_000,
      dnsRebindingProtection: true,
      allowedHosts: new Set(),
      allowedOrigins: new Set(),
      principal: principalFromUser,
      clientAddress: clientAddressOf,
    });
  });

  it('keeps a live copy at most as long as the session itself', () => {
    expect(resolveStreamableHttpOptions({ sessionIdleTimeoutMs: 5000 }).liveCopyIdleMs).toBe(5000);
    expect(resolveStreamableHttpOptions({ liveCopyIdleMs: 2000 }).liveCopyIdleMs).toBe(2000);
  });

  it('keeps explicit values, including falsy ones', () => {
    const resolved = resolveStreamableHttpOptions({
      stateless: true,
      sessionIdleTimeoutMs: 0,
      maxMessageBytes: 1,
      responseMode: 'sse',
      sseRetryMs: 0,
      keepAliveMs: 0,
      dnsRebindingProtection: false,
    });
    expect(resolved).toMatchObject({
      stateless: true,
      sessionIdleTimeoutMs: 0,
      maxMessageBytes: 1,
      responseMode: 'sse',
      sseRetryMs: 0,
      keepAliveMs: 0,
      dnsRebindingProtection: false,
    });
  });

  it('lower-cases allowed hosts and origins into sets', () => {
    const resolved = resolveStreamableHttpOptions({
      allowedHosts: ['API.Example.com', 'api.example.com'],
      allowedOrigins: ['https://App.Example.com'],
    });
    expect(resolved.allowedHosts).toEqual(new Set(['api.example.com']));
    expect(resolved.allowedOrigins).toEqual(new Set(['https://app.example.com']));
  });

  it('reads the deprecated maxBodyBytes and sseKeepAliveMs when the new names are absent', () => {
    expect(resolveStreamableHttpOptions({ maxBodyBytes: 10, sseKeepAliveMs: 20 })).toMatchObject({
      maxMessageBytes: 10,
      keepAliveMs: 20,
    });
    const both = resolveStreamableHttpOptions({
      maxMessageBytes: 1,
      maxBodyBytes: 10,
      keepAliveMs: 2,
      sseKeepAliveMs: 20,
    });
    expect(both).toMatchObject({ maxMessageBytes: 1, keepAliveMs: 2 });
    expect(both).not.toHaveProperty('maxBodyBytes');
    expect(both).not.toHaveProperty('sseKeepAliveMs');
  });
});
