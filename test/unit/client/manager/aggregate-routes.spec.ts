import { AggregateRoutes } from '../../../../lib/client/manager/aggregate-routes.js';
import { EMPTY_AGGREGATE } from '../../../../lib/client/manager/aggregate.interface.js';
import {
  backoffDelay,
  resolveReconnect,
} from '../../../../lib/client/manager/reconnect-backoff.js';

describe('AggregateRoutes', () => {
  const routes = new AggregateRoutes({
    ...EMPTY_AGGREGATE,
    resources: [
      { server: 'a', upstreamName: 'docs://index', descriptor: { uri: 'docs://index', name: 'i' } },
    ],
    resourceTemplates: [
      {
        server: 'a',
        upstreamName: 'docs://{page}',
        descriptor: { uriTemplate: 'docs://{page}', name: 'p' },
      },
      {
        server: 'b',
        upstreamName: 'docs://api/{name}',
        descriptor: { uriTemplate: 'docs://api/{name}', name: 'n' },
      },
    ],
  });

  it('routes a listed URI to its server, else by the longest template prefix', () => {
    expect(routes.serverOfUri('docs://index')).toBe('a');
    expect(routes.serverOfUri('docs://api/users')).toBe('b');
    expect(routes.serverOfUri('docs://guide')).toBe('a');
    expect(routes.serverOfUri('other://x')).toBeUndefined();
    expect(routes.serverOfTemplate('docs://api/{name}')).toBe('b');
  });
});

describe('reconnect backoff', () => {
  it('grows exponentially from the initial delay up to the cap (20 % jitter at most)', () => {
    const reconnect = resolveReconnect({ initialDelayMs: 100, factor: 2, maxDelayMs: 1000 });
    if (!reconnect) throw new Error('expected reconnect options');
    const first = backoffDelay(reconnect, 1);
    expect(first).toBeGreaterThanOrEqual(100);
    expect(first).toBeLessThanOrEqual(120);
    const third = backoffDelay(reconnect, 3);
    expect(third).toBeGreaterThanOrEqual(400);
    expect(third).toBeLessThanOrEqual(480);
    expect(backoffDelay(reconnect, 20)).toBe(1000);
  });

  it('defaults to 500 ms doubling to 30 s, without end; false turns it off', () => {
    expect(resolveReconnect(undefined)).toEqual({
      initialDelayMs: 500,
      maxDelayMs: 30_000,
      factor: 2,
      maxAttempts: Infinity,
    });
    expect(resolveReconnect(false)).toBe(false);
  });
});
