import { readBearerAuthorization } from '../../../../lib/server/auth/bearer-authorization.js';

describe('readBearerAuthorization', () => {
  it('reads the token of Bearer (scheme case-insensitive, b64token with padding)', () => {
    expect(readBearerAuthorization('Bearer abc.DEF-_~+/x==')).toEqual({
      kind: 'token',
      token: 'abc.DEF-_~+/x==',
      scheme: 'bearer',
    });
    expect(readBearerAuthorization('bearer t0k')).toEqual({
      kind: 'token',
      token: 't0k',
      scheme: 'bearer',
    });
  });

  it('reads the token of DPoP (RFC 9449 §7.1), naming the scheme', () => {
    expect(readBearerAuthorization('DPoP eyJ.a-b')).toEqual({
      kind: 'token',
      token: 'eyJ.a-b',
      scheme: 'dpop',
    });
    expect(readBearerAuthorization('dpop')).toMatchObject({ kind: 'malformed', scheme: 'dpop' });
  });

  it('is missing without a header', () => {
    expect(readBearerAuthorization(undefined)).toEqual({ kind: 'missing' });
  });

  it.each([
    ['another scheme', 'Basic YTpi', /scheme must be Bearer or DPoP/],
    ['no token', 'Bearer', /missing or malformed/],
    ['an empty token', 'Bearer   ', /missing or malformed/],
    ['two tokens', 'Bearer a b', /missing or malformed/],
    ['a quote', 'Bearer a"b', /missing or malformed/],
    ['padding inside', 'Bearer a=b', /missing or malformed/],
  ])('refuses %s as malformed', (_case, header, reason) => {
    const read = readBearerAuthorization(header);
    expect(read.kind).toBe('malformed');
    expect(read.kind === 'malformed' && read.reason).toMatch(reason);
  });

  it('refuses several Authorization headers', () => {
    expect(readBearerAuthorization(['Bearer a', 'Bearer b'])).toMatchObject({ kind: 'malformed' });
  });
});
