import { exceedsJsonDepth } from '../../../lib/protocol/json-depth.js';
import { nestedArray } from './nested-array.js';
import { toJsonRpcMessage } from '../../../lib/protocol/json-rpc.js';
import { McpError } from '../../../lib/errors/mcp.error.js';

describe('exceedsJsonDepth', () => {
  it('counts objects and arrays, not scalars', () => {
    expect(exceedsJsonDepth('text', 0)).toBe(false);
    expect(exceedsJsonDepth({}, 1)).toBe(false);
    expect(exceedsJsonDepth({ a: [1] }, 1)).toBe(true);
    expect(exceedsJsonDepth({ a: [1] }, 2)).toBe(false);
  });

  it('finds the deep branch among shallow ones', () => {
    expect(exceedsJsonDepth({ a: 1, b: [{}, { c: nestedArray(10) }] }, 12)).toBe(true);
    expect(exceedsJsonDepth({ a: 1, b: [{}, { c: nestedArray(10) }] }, 13)).toBe(false);
  });

  it('stops at the bound on a value far deeper than the stack allows', () => {
    expect(exceedsJsonDepth(nestedArray(100_000), 64)).toBe(true);
  });
});

describe('toJsonRpcMessage input limits', () => {
  const request = (params: unknown) => ({ jsonrpc: '2.0', id: 9, method: 'tools/call', params });

  it('refuses a message nested deeper than the bound with -32600 and its id', () => {
    let error: unknown;
    try {
      toJsonRpcMessage(request({ _meta: { progressToken: nestedArray(5000) } }));
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(McpError);
    expect(error).toMatchObject({ code: -32600, data: { id: 9 } });
  });

  it('accepts nesting up to the bound, which is settable', () => {
    // message (1) + params (2) + the array levels
    expect(() => toJsonRpcMessage(request({ v: nestedArray(62) }))).not.toThrow();
    expect(() => toJsonRpcMessage(request({ v: nestedArray(63) }))).toThrow(McpError);
    expect(() => toJsonRpcMessage(request({ v: nestedArray(63) }), 65)).not.toThrow();
  });

  it('refuses a string id longer than 256 characters', () => {
    expect(() =>
      toJsonRpcMessage({ jsonrpc: '2.0', id: 'x'.repeat(256), method: 'ping' }),
    ).not.toThrow();
    expect(() => toJsonRpcMessage({ jsonrpc: '2.0', id: 'x'.repeat(257), method: 'ping' })).toThrow(
      McpError,
    );
  });
});
