import {
  normaliseRoutePath,
  requestPathname,
  withoutQuery,
} from '../../../../lib/transports/shared/route-path.js';

describe('route paths', () => {
  it('normalises configured paths to /a/b form', () => {
    expect(normaliseRoutePath('sse')).toBe('/sse');
    expect(normaliseRoutePath('//a//b/')).toBe('/a/b');
    expect(normaliseRoutePath('')).toBe('/');
  });

  it('strips the query string and the fragment of a request target', () => {
    expect(withoutQuery('/mcp?x=1')).toBe('/mcp');
    expect(withoutQuery('/mcp#top')).toBe('/mcp');
    expect(withoutQuery('/mcp')).toBe('/mcp');
  });

  it('reads the pathname of req.url without a trailing slash', () => {
    expect(requestPathname('/messages/?sessionId=1')).toBe('/messages');
    expect(requestPathname('/')).toBe('/');
    expect(requestPathname(undefined)).toBe('/');
  });
});
