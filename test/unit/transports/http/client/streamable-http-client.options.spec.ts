import {
  reconnectDelay,
  resolveStreamableHttpClientOptions,
} from '../../../../../lib/transports/http/client/streamable-http-client.options.js';

describe('resolveStreamableHttpClientOptions', () => {
  it('applies the defaults', () => {
    const resolved = resolveStreamableHttpClientOptions();
    expect(resolved).toMatchObject({
      headers: {},
      reconnection: {
        maxAttempts: 5,
        initialDelayMs: 1000,
        backoffFactor: 1.5,
        maxDelayMs: 30_000,
      },
      standaloneStream: true,
      maxMessageBytes: 32 * 1024 * 1024,
      closeTimeoutMs: 5000,
    });
    expect(resolved.fetch).toBeUndefined();
  });

  it('rejects nonsensical numbers', () => {
    expect(() => resolveStreamableHttpClientOptions({ reconnection: { maxAttempts: -1 } })).toThrow(
      RangeError,
    );
    expect(() =>
      resolveStreamableHttpClientOptions({ reconnection: { backoffFactor: 0.5 } }),
    ).toThrow(/backoffFactor/);
    expect(() => resolveStreamableHttpClientOptions({ maxMessageBytes: Number.NaN })).toThrow(
      RangeError,
    );
  });
});

describe('reconnectDelay', () => {
  const policy = { maxAttempts: 5, initialDelayMs: 1000, backoffFactor: 2, maxDelayMs: 5000 };

  it("starts at the server's retry, else the initial delay", () => {
    expect(reconnectDelay(1, 500, policy)).toBe(500);
    expect(reconnectDelay(1, undefined, policy)).toBe(1000);
  });

  it('grows per failed attempt and is capped', () => {
    expect([1, 2, 3, 4, 5].map((n) => reconnectDelay(n, undefined, policy))).toEqual([
      1000, 2000, 4000, 5000, 5000,
    ]);
  });

  it("never waits less than the server's retry, even above the cap", () => {
    expect(reconnectDelay(1, 8000, policy)).toBe(8000);
    expect(reconnectDelay(3, 8000, policy)).toBe(8000);
  });
});
