import {
  describeFetchError,
  fetchErrorCodes,
} from '../../../../lib/client/auth/discovery/connect-retry-fetch.js';

describe('connect-retry fetch helpers', () => {
  it('finds the codes of a fetch failure, an AggregateError (address selection) included', () => {
    const timedOut = Object.assign(new Error('connect ETIMEDOUT'), { code: 'ETIMEDOUT' });
    const aggregate = new TypeError('fetch failed', {
      cause: Object.assign(new AggregateError([timedOut, timedOut]), { code: 'ETIMEDOUT' }),
    });
    expect(fetchErrorCodes(aggregate)).toEqual(['ETIMEDOUT', 'ETIMEDOUT']);
    expect(describeFetchError(aggregate)).toBe('fetch failed (ETIMEDOUT)');
    expect(describeFetchError(new Error('plain'))).toBe('plain');
  });
});
