import {
  audiencesOf,
  grantedScopes,
  missingScopes,
  unionOf,
} from '../../../../lib/server/auth/granted-scopes.js';

describe('granted scopes', () => {
  it('reads scope (space-separated) or scp (array or string)', () => {
    expect(grantedScopes({ scope: 'a  b' })).toEqual(['a', 'b']);
    expect(grantedScopes({ scp: ['a', 1, 'b'] })).toEqual(['a', 'b']);
    expect(grantedScopes({ scp: 'c' })).toEqual(['c']);
    expect(grantedScopes({})).toEqual([]);
  });

  it('reads the union of the named scope claims (Entra ID: scp and roles)', () => {
    const claims = { scope: 'x', scp: 'a b', roles: ['c', 'a'] };
    expect(grantedScopes(claims, ['scp', 'roles'])).toEqual(['a', 'b', 'c']);
    expect(grantedScopes({ roles: ['c'] }, ['scp', 'roles'])).toEqual(['c']);
    expect(grantedScopes({ roles: ['c'] })).toEqual([]);
  });

  it('names the missing scopes in the required order', () => {
    expect(missingScopes(['a'], ['c', 'a', 'b'])).toEqual(['c', 'b']);
    expect(missingScopes(['a', 'b'], ['a'])).toEqual([]);
  });

  it('reads aud as a string or an array', () => {
    expect(audiencesOf({ aud: 'x' })).toEqual(['x']);
    expect(audiencesOf({ aud: ['x', 2, 'y'] })).toEqual(['x', 'y']);
    expect(audiencesOf({})).toEqual([]);
  });

  it('joins lists without repeats', () => {
    expect(unionOf(['a', 'b'], ['b', 'c'], [])).toEqual(['a', 'b', 'c']);
  });
});
