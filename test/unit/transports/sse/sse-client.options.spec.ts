import { resolveSseClientOptions } from '../../../../lib/transports/sse/sse-client.options.js';

describe('resolveSseClientOptions', () => {
  it('applies the defaults', () => {
    expect(resolveSseClientOptions({})).toEqual({
      headers: {},
      endpointTimeoutMs: 10_000,
      reconnection: { maxAttempts: 3, initialDelayMs: 500, maxDelayMs: 5000 },
      fixedInitialDelay: false,
      maxMessageBytes: 32 * 1024 * 1024,
    });
  });

  it('keeps given values; an explicit initialDelayMs wins over the server retry', () => {
    const resolved = resolveSseClientOptions({
      reconnection: { initialDelayMs: 50, maxAttempts: 1 },
    });
    expect(resolved.reconnection).toEqual({ maxAttempts: 1, initialDelayMs: 50, maxDelayMs: 5000 });
    expect(resolved.fixedInitialDelay).toBe(true);
    expect(resolveSseClientOptions({ reconnection: false }).reconnection).toBe(false);
  });

  it('rejects nonsensical numbers early', () => {
    expect(() => resolveSseClientOptions({ endpointTimeoutMs: 0 })).toThrow(RangeError);
    expect(() => resolveSseClientOptions({ maxMessageBytes: -1 })).toThrow(RangeError);
    expect(() => resolveSseClientOptions({ reconnection: { maxAttempts: 0 } })).toThrow(
      /reconnection.maxAttempts/,
    );
    expect(() => resolveSseClientOptions({ reconnection: { maxDelayMs: Number.NaN } })).toThrow(
      RangeError,
    );
  });
});
