import { isCspOrigin } from '../../../../lib/server/registry/csp-source.js';

describe('isCspOrigin', () => {
  it.each([
    'https://api.example.com',
    'https://*.example.com',
    'wss://realtime.example.com:8443',
    'http://127.0.0.1:4000',
    'https://cdn.example.com/',
    'https://example.com:*',
  ])('accepts the origin %s', (domain) => {
    expect(isCspOrigin(domain)).toBe(true);
  });

  it.each([
    '*',
    'http:',
    'https: http:',
    "'unsafe-eval'",
    "'self'",
    'data:',
    'https://a.example; connect-src *',
    'https://a.example https://b.example',
    'https://a.example;',
    'https://a.example/path',
    'javascript://x',
    'api.example.com',
    'https://*',
    'https://a.example\r\nX-Evil: 1',
    42,
    undefined,
  ])('refuses %j: it is not one origin', (domain) => {
    expect(isCspOrigin(domain)).toBe(false);
  });
});
