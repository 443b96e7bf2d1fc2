import {
  buildRequestHeaders,
  HeadersProviderError,
  isValidSessionId,
} from '../../../../../lib/transports/http/client/request-headers.js';

describe('buildRequestHeaders', () => {
  it('lower-cases user headers; session and protocol headers win', async () => {
    const headers = await buildRequestHeaders(
      { Authorization: 'Bearer x', 'MCP-Session-Id': 'user', Accept: 'text/plain' },
      { sessionId: 'real', protocolVersion: '2025-11-25' },
      { accept: 'text/event-stream' },
    );
    expect(headers).toEqual({
      authorization: 'Bearer x',
      'mcp-session-id': 'real',
      'mcp-protocol-version': '2025-11-25',
      accept: 'text/event-stream',
    });
  });

  it('keeps a user session header when the transport has none', async () => {
    const headers = await buildRequestHeaders({ 'mcp-session-id': 'resume-me' }, {}, {});
    expect(headers).toEqual({ 'mcp-session-id': 'resume-me' });
  });

  it('awaits an async provider and wraps its failure', async () => {
    await expect(buildRequestHeaders(async () => ({ a: '1' }), {}, {})).resolves.toEqual({
      a: '1',
    });
    const failure = new Error('no token');
    const error = await buildRequestHeaders(() => Promise.reject(failure), {}, {}).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(HeadersProviderError);
    expect((error as HeadersProviderError).original).toBe(failure);
  });
});

describe('isValidSessionId', () => {
  it('accepts visible ASCII only', () => {
    expect(isValidSessionId('a1-B2_c3.~!')).toBe(true);
    expect(isValidSessionId('')).toBe(false);
    expect(isValidSessionId('has space')).toBe(false);
    expect(isValidSessionId('tab\t')).toBe(false);
    expect(isValidSessionId('é')).toBe(false);
  });
});
