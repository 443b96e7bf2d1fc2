import {
  applyRegistrationRules,
  RegistrationRefusal,
} from '../../../lib/authorization-server/registration-rules.js';

describe('applyRegistrationRules (MCP authorization: application_type and redirect URIs)', () => {
  const rules = (metadata: Record<string, unknown>, development = false) =>
    applyRegistrationRules(metadata, development);

  it('infers native for loopback http and private-use schemes, web otherwise', () => {
    expect(rules({ redirect_uris: ['http://127.0.0.1:4567/cb'] }).application_type).toBe('native');
    expect(rules({ redirect_uris: ['http://localhost/cb'] }).application_type).toBe('native');
    expect(rules({ redirect_uris: ['com.example.app:/oauth'] }).application_type).toBe('native');
    expect(rules({ redirect_uris: ['https://app.example/cb'] }).application_type).toBe('web');
  });

  it('refuses http redirect URIs for web clients, except loopback under a development issuer', () => {
    expect(() => rules({ redirect_uris: ['http://app.example/cb'] })).toThrow(RegistrationRefusal);
    const loopbackWeb = { application_type: 'web', redirect_uris: ['http://127.0.0.1/cb'] };
    expect(() => rules(loopbackWeb)).toThrow('a web client must use https');
    expect(rules(loopbackWeb, true).application_type).toBe('web');
  });

  it('refuses non-loopback http for native clients, fragments, no URIs and unknown types', () => {
    expect(() =>
      rules({ application_type: 'native', redirect_uris: ['http://app.example/cb'] }),
    ).toThrow('a native client must use');
    expect(() => rules({ redirect_uris: ['https://app.example/cb#x'] })).toThrow('fragment');
    expect(() => rules({ redirect_uris: [] })).toThrow('at least one redirect URI');
    expect(() => rules({ redirect_uris: ['not a url'] })).toThrow('is not a URL');
    expect(() =>
      rules({ application_type: 'desktop', redirect_uris: ['https://a.example/cb'] }),
    ).toThrow('application_type');
  });

  it.each([
    'ws://127.0.0.1/cb',
    'view-source:https://x/',
    'myapp:/cb',
    'javascript:alert(1)',
    'data:,x',
    'file:///x',
  ])(
    'refuses %s with invalid_redirect_uri: not a private-use scheme in reverse-domain form',
    (uri) => {
      let refusal: unknown;
      try {
        rules({ redirect_uris: [uri] });
      } catch (error) {
        refusal = error;
      }
      expect(refusal).toBeInstanceOf(RegistrationRefusal);
      expect((refusal as RegistrationRefusal).error).toBe('invalid_redirect_uri');
      expect((refusal as Error).message).toContain('reverse-domain form');
    },
  );

  it('drops a requested scope and keeps the rest of the metadata', () => {
    const out = rules({ redirect_uris: ['https://a.example/cb'], scope: 'x', client_name: 'A' });
    expect(out).toEqual({
      redirect_uris: ['https://a.example/cb'],
      client_name: 'A',
      application_type: 'web',
    });
  });
});
