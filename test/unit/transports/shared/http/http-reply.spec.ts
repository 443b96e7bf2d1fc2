import { TransportError } from '../../../../../lib/errors/transport.error.js';
import { McpError } from '../../../../../lib/errors/mcp.error.js';
import {
  fetchFailure,
  httpError,
  mediaTypeOf,
  parseJsonRpcPayload,
  parseReply,
  readTextLimited,
} from '../../../../../lib/transports/shared/http/http-reply.js';

describe('http-reply helpers', () => {
  it('mediaTypeOf ignores parameters and case', () => {
    const response = new Response('', {
      headers: { 'content-type': 'Text/Event-Stream; charset=utf-8' },
    });
    expect(mediaTypeOf(response)).toBe('text/event-stream');
    expect(mediaTypeOf(new Response(null))).toBe('');
  });

  it('parseJsonRpcPayload accepts one message or a batch', () => {
    expect(parseJsonRpcPayload('{"jsonrpc":"2.0","id":1,"result":{}}')).toHaveLength(1);
    expect(
      parseJsonRpcPayload('[{"jsonrpc":"2.0","method":"a"},{"jsonrpc":"2.0","id":1,"result":{}}]'),
    ).toHaveLength(2);
    expect(() => parseJsonRpcPayload('[]')).toThrow(McpError);
    expect(() => parseJsonRpcPayload('{"id":1}')).toThrow(McpError);
  });

  it('parseReply wraps the McpError in a protocol TransportError', () => {
    const error = (() => {
      try {
        parseReply('nope', 'the reply');
      } catch (e) {
        return e as TransportError;
      }
    })()!;
    expect(error).toBeInstanceOf(TransportError);
    expect(error.kind).toBe('protocol');
    expect(error.message).toMatch(/^the reply: not JSON-RPC/);
    expect((error.cause as McpError).code).toBe(-32700);
  });

  it('readTextLimited reads a body and refuses a larger one', async () => {
    await expect(readTextLimited(new Response('hello'), 10)).resolves.toBe('hello');
    await expect(readTextLimited(new Response('x'.repeat(20)), 10)).rejects.toMatchObject({
      kind: 'protocol',
    });
    await expect(readTextLimited(new Response(null), 10)).resolves.toBe('');
  });

  it('httpError uses the JSON-RPC error message of the body', async () => {
    const response = new Response(
      JSON.stringify({ jsonrpc: '2.0', id: null, error: { code: -32000, message: 'Bad session' } }),
      { status: 400 },
    );
    const error = await httpError(response, 'POST ping');
    expect(error).toMatchObject({
      kind: 'http',
      status: 400,
      message: 'POST ping failed with HTTP 400: Bad session',
    });
    expect((error.cause as McpError).code).toBe(-32000);
  });

  it('httpError falls back to the text body, then the status text', async () => {
    expect(
      (await httpError(new Response('Method Not Allowed', { status: 405 }), 'GET')).message,
    ).toBe('GET failed with HTTP 405: Method Not Allowed');
    expect(
      (await httpError(new Response('', { status: 502, statusText: 'Bad Gateway' }), 'GET'))
        .message,
    ).toBe('GET failed with HTTP 502: Bad Gateway');
  });

  it('fetchFailure tells refused from lost connections', () => {
    const refused = new TypeError('fetch failed', {
      cause: Object.assign(new Error('connect'), { code: 'ECONNREFUSED' }),
    });
    const url = new URL('http://127.0.0.1:9/mcp');
    expect(fetchFailure(refused, 'POST', url)).toMatchObject({
      kind: 'refused',
      message: 'Cannot connect to http://127.0.0.1:9/mcp: ECONNREFUSED (POST)',
    });
    const reset = new TypeError('fetch failed', {
      cause: Object.assign(new Error('reset'), { code: 'ECONNRESET' }),
    });
    expect(fetchFailure(reset, 'POST', url)).toMatchObject({
      kind: 'closed',
      message: 'POST to http://127.0.0.1:9/mcp: connection failed (ECONNRESET)',
    });
    const passthrough = new TransportError('x', 'http', 500);
    expect(fetchFailure(passthrough, 'POST', url)).toBe(passthrough);
  });
});
