import { ErrorCode } from '../../../lib/protocol/error-codes.js';
import {
  errorResponse,
  idOfInvalidMessage,
  isJsonRpcError,
  isJsonRpcNotification,
  isJsonRpcRequest,
  isJsonRpcResponse,
  parseJson,
  resultResponse,
  toJsonRpcMessage,
} from '../../../lib/protocol/json-rpc.js';
import { McpError } from '../../../lib/errors/mcp.error.js';

/** Runs toJsonRpcMessage and returns the McpError it throws (fails the test when it does not). */
function rejectionOf(value: unknown): McpError {
  try {
    toJsonRpcMessage(value);
  } catch (e) {
    expect(e).toBeInstanceOf(McpError);
    return e as McpError;
  }
  throw new Error(`expected ${JSON.stringify(value)} to be rejected`);
}

describe('toJsonRpcMessage', () => {
  describe('accepts', () => {
    it.each([
      ['a request with a numeric id', { jsonrpc: '2.0', id: 1, method: 'ping' }],
      ['a request with a string id', { jsonrpc: '2.0', id: 'abc', method: 'tools/list' }],
      ['a request with id 0', { jsonrpc: '2.0', id: 0, method: 'ping' }],
      ['a request with a negative id', { jsonrpc: '2.0', id: -5, method: 'ping' }],
      ['a request with an empty-string id', { jsonrpc: '2.0', id: '', method: 'ping' }],
      ['a request with params', { jsonrpc: '2.0', id: 2, method: 'x', params: { a: 1 } }],
      ['a notification', { jsonrpc: '2.0', method: 'notifications/initialized' }],
      ['a notification with params', { jsonrpc: '2.0', method: 'n', params: { _meta: {} } }],
      ['a result response', { jsonrpc: '2.0', id: 3, result: {} }],
      ['a result response with a string id', { jsonrpc: '2.0', id: 's', result: { a: 1 } }],
      [
        'an error response',
        { jsonrpc: '2.0', id: 4, error: { code: -32601, message: 'nope', data: { x: 1 } } },
      ],
      [
        'an error response without id',
        { jsonrpc: '2.0', error: { code: -32700, message: 'Parse error' } },
      ],
    ])('%s, returning the same object', (_label, value) => {
      expect(toJsonRpcMessage(value)).toBe(value);
    });

    it('an error response with "id": null (the request id could not be read)', () => {
      // JSON-RPC 2.0 §5: "If there was an error in detecting the id in the Request object
      // (e.g. Parse error/Invalid Request), it MUST be Null." Peers (the official SDK's HTTP
      // transport among them) send exactly this shape, so it must be accepted.
      const value = { jsonrpc: '2.0', id: null, error: { code: -32700, message: 'Parse error' } };
      expect(toJsonRpcMessage(value)).toBe(value);
    });
  });

  describe('rejects with -32600 Invalid Request', () => {
    it.each([
      ['null', null],
      ['a string', 'hello'],
      ['a number', 42],
      ['an array (batch)', [{ jsonrpc: '2.0', id: 1, method: 'ping' }]],
      ['a missing jsonrpc member', { id: 1, method: 'ping' }],
      ['jsonrpc "1.0"', { jsonrpc: '1.0', id: 1, method: 'ping' }],
      ['jsonrpc as the number 2', { jsonrpc: 2, id: 1, method: 'ping' }],
      ['a null request id', { jsonrpc: '2.0', id: null, method: 'ping' }],
      ['a fractional id', { jsonrpc: '2.0', id: 1.5, method: 'ping' }],
      ['a boolean id', { jsonrpc: '2.0', id: true, method: 'ping' }],
      ['an object id', { jsonrpc: '2.0', id: { a: 1 }, method: 'ping' }],
      ['a non-string method', { jsonrpc: '2.0', id: 1, method: 7 }],
      ['array params', { jsonrpc: '2.0', id: 1, method: 'x', params: [1, 2] }],
      ['string params', { jsonrpc: '2.0', id: 1, method: 'x', params: 'p' }],
      ['null params', { jsonrpc: '2.0', id: 1, method: 'x', params: null }],
      ['a result without id', { jsonrpc: '2.0', result: {} }],
      ['a non-object result', { jsonrpc: '2.0', id: 1, result: 5 }],
      ['an array result', { jsonrpc: '2.0', id: 1, result: [] }],
      ['an error without code', { jsonrpc: '2.0', id: 1, error: { message: 'x' } }],
      [
        'an error with a string code',
        { jsonrpc: '2.0', id: 1, error: { code: '1', message: 'x' } },
      ],
      ['an error without message', { jsonrpc: '2.0', id: 1, error: { code: 1 } }],
      ['a non-object error', { jsonrpc: '2.0', id: 1, error: 'boom' }],
      ['an empty envelope', { jsonrpc: '2.0' }],
      ['an envelope with only an id', { jsonrpc: '2.0', id: 1 }],
    ])('%s', (_label, value) => {
      expect(rejectionOf(value).code).toBe(ErrorCode.InvalidRequest);
    });
  });

  describe('error id recovery', () => {
    it('keeps a readable request id in data.id so the error response can echo it', () => {
      const error = rejectionOf({ jsonrpc: '2.0', id: 7, method: 'x', params: [1] });
      expect(error.data).toEqual({ id: 7 });
      expect(idOfInvalidMessage(error)).toBe(7);
    });

    it('keeps a string id', () => {
      const error = rejectionOf({ jsonrpc: '2.0', id: 'req-1', method: 3 });
      expect(idOfInvalidMessage(error)).toBe('req-1');
    });

    it('keeps the id even when the jsonrpc member is wrong', () => {
      expect(idOfInvalidMessage(rejectionOf({ jsonrpc: '1.0', id: 9, method: 'ping' }))).toBe(9);
    });

    it.each([
      ['no id at all', { jsonrpc: '2.0', result: {} }],
      ['an unreadable (fractional) id', { jsonrpc: '2.0', id: 1.5, method: 'ping' }],
      ['a null id', { jsonrpc: '2.0', id: null, method: 'ping' }],
      ['a non-object message', 'text'],
    ])('answers with id null for %s', (_label, value) => {
      const error = rejectionOf(value);
      expect(error.data).toBeUndefined();
      expect(idOfInvalidMessage(error)).toBeNull();
    });

    it('keeps id 0 (falsy but valid)', () => {
      expect(idOfInvalidMessage(rejectionOf({ jsonrpc: '2.0', id: 0, method: 1 }))).toBe(0);
    });
  });
});

describe('message kind guards', () => {
  const request = { jsonrpc: '2.0', id: 1, method: 'ping' } as const;
  const notification = { jsonrpc: '2.0', method: 'n' } as const;
  const result = { jsonrpc: '2.0', id: 1, result: {} } as const;
  const error = { jsonrpc: '2.0', id: 1, error: { code: 1, message: 'm' } } as const;

  it('classifies each kind exactly once', () => {
    expect([request, notification, result, error].map(isJsonRpcRequest)).toEqual([
      true,
      false,
      false,
      false,
    ]);
    expect([request, notification, result, error].map(isJsonRpcNotification)).toEqual([
      false,
      true,
      false,
      false,
    ]);
    expect([request, notification, result, error].map(isJsonRpcResponse)).toEqual([
      false,
      false,
      true,
      true,
    ]);
    expect([request, notification, result, error].map(isJsonRpcError)).toEqual([
      false,
      false,
      false,
      true,
    ]);
  });
});

describe('parseJson', () => {
  it('parses valid JSON text', () => {
    expect(parseJson('{"jsonrpc":"2.0","id":1,"method":"ping"}')).toEqual({
      jsonrpc: '2.0',
      id: 1,
      method: 'ping',
    });
    expect(parseJson('[1,2]')).toEqual([1, 2]);
  });

  it.each(['{', '', 'not json', '{"a":1,}', "{'a':1}"])(
    'throws -32700 Parse error for %j',
    (text) => {
      let caught: unknown;
      try {
        parseJson(text);
      } catch (e) {
        caught = e;
      }
      expect(caught).toBeInstanceOf(McpError);
      expect((caught as McpError).code).toBe(ErrorCode.ParseError);
      expect((caught as McpError).code).toBe(-32700);
      expect((caught as McpError).message).toMatch(/^Parse error/);
    },
  );
});

describe('response builders', () => {
  it('resultResponse builds a 2.0 result envelope', () => {
    expect(resultResponse(5, { ok: true })).toEqual({
      jsonrpc: '2.0',
      id: 5,
      result: { ok: true },
    });
  });

  it('errorResponse builds a 2.0 error envelope, allowing id null', () => {
    expect(errorResponse(null, { code: -32700, message: 'Parse error' })).toEqual({
      jsonrpc: '2.0',
      id: null,
      error: { code: -32700, message: 'Parse error' },
    });
    expect(errorResponse('a', { code: 1, message: 'm', data: 2 })).toEqual({
      jsonrpc: '2.0',
      id: 'a',
      error: { code: 1, message: 'm', data: 2 },
    });
  });
});
