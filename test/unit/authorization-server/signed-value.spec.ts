import {
  openValue,
  readCookie,
  sealValue,
} from '../../../lib/authorization-server/signed-value.js';

describe('signed values (the upstream sign-in cookie)', () => {
  it('opens what it sealed, with the current or an older key', () => {
    const sealed = sealValue('old', { state: 's', uid: 'u' });
    expect(openValue(['new', 'old'], sealed)).toEqual({ state: 's', uid: 'u' });
  });

  it('refuses an altered value, a value sealed with an unknown key and garbage', () => {
    const sealed = sealValue('k', { uid: 'u' });
    const [body, mac] = sealed.split('.');
    const forged = Buffer.from(JSON.stringify({ uid: 'other' })).toString('base64url');
    expect(openValue(['k'], `${forged}.${mac}`)).toBeUndefined();
    expect(openValue(['x'], sealed)).toBeUndefined();
    expect(openValue(['k'], `${body}`)).toBeUndefined();
    expect(openValue(['k'], undefined)).toBeUndefined();
  });

  it('reads one cookie from a Cookie header', () => {
    expect(readCookie('a=1; mcp_upstream=x.y; b=2', 'mcp_upstream')).toBe('x.y');
    expect(readCookie(undefined, 'a')).toBeUndefined();
  });
});
