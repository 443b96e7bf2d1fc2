import { CapacityError } from '../../../../lib/errors/capacity.error.js';
import { resolveLimits } from '../../../../lib/server/limits/limits-options.interface.js';
import { ServerLimits } from '../../../../lib/server/limits/server-limits.js';

const limitsOf = (options: Parameters<typeof resolveLimits>[0]) =>
  new ServerLimits(resolveLimits(options));

function refusalOf(admit: () => unknown): CapacityError {
  try {
    admit();
  } catch (error) {
    expect(error).toBeInstanceOf(CapacityError);
    return error as CapacityError;
  }
  throw new Error('expected a refusal');
}

describe('ServerLimits', () => {
  it('admits sessions up to maxSessions, refuses the next with a counted error, and releases', () => {
    const limits = limitsOf({ maxSessions: 2, retryAfterSeconds: 7 });
    const release = limits.admitSession({});
    limits.admitSession({});
    const refusal = refusalOf(() => limits.admitSession({}));
    expect(refusal.toJson()).toEqual({
      code: -32000,
      message: 'Too many sessions on this server (limit 2)',
      data: { limit: 'maxSessions', max: 2, retryAfterSeconds: 7 },
    });
    expect(limits.refused.maxSessions).toBe(1);
    expect(limits.sessionCount).toBe(2);
    release();
    release(); // idempotent
    expect(limits.sessionCount).toBe(1);
    expect(() => limits.admitSession({})).not.toThrow();
  });

  it('caps sessions per principal and per address, each counted on its own', () => {
    const limits = limitsOf({ maxSessionsPerPrincipal: 1, maxSessionsPerAddress: 2 });
    const alice = limits.admitSession({ principal: 'alice', remoteAddress: '10.0.0.1' });
    expect(refusalOf(() => limits.admitSession({ principal: 'alice' })).data.limit).toBe(
      'maxSessionsPerPrincipal',
    );
    limits.admitSession({ principal: 'bob', remoteAddress: '10.0.0.1' });
    expect(refusalOf(() => limits.admitSession({ remoteAddress: '10.0.0.1' })).data.limit).toBe(
      'maxSessionsPerAddress',
    );
    expect(() => limits.admitSession({ remoteAddress: '10.0.0.2' })).not.toThrow();
    expect(limits.refused).toMatchObject({ maxSessionsPerPrincipal: 1, maxSessionsPerAddress: 1 });
    alice();
    expect(() =>
      limits.admitSession({ principal: 'alice', remoteAddress: '10.0.0.1' }),
    ).not.toThrow();
  });

  it('checks the total cap before the principal and address caps', () => {
    const limits = limitsOf({ maxSessions: 1, maxSessionsPerPrincipal: 1 });
    limits.admitSession({ principal: 'alice' });
    expect(refusalOf(() => limits.admitSession({ principal: 'alice' })).data.limit).toBe(
      'maxSessions',
    );
    expect(limits.refused.maxSessionsPerPrincipal).toBe(0);
  });

  it('builds the shutdown refusal without a max, and counts transport refusals', () => {
    const limits = limitsOf({});
    expect(limits.refuse('shutdown').toJson()).toEqual({
      code: -32000,
      message: 'Server shutting down',
      data: { limit: 'shutdown', retryAfterSeconds: 1 },
    });
    limits.count('bodyTimeout');
    limits.count('bodyTimeout');
    expect(limits.refused).toMatchObject({ shutdown: 1, bodyTimeout: 2 });
  });
});
