import { jest } from '@jest/globals';
import {
  encodeMessage,
  encodeResultWithMembers,
  UNENCODABLE_RESPONSE_MESSAGE,
} from '../../../lib/protocol/encode-message.js';
import type { JsonRpcMessage } from '../../../lib/protocol/json-rpc.js';
import { nestedArray } from './nested-array.js';

describe('encodeMessage', () => {
  it('encodes a message as compact JSON and reports nothing', () => {
    const report = jest.fn();
    expect(encodeMessage({ jsonrpc: '2.0', method: 'ping', id: 1 }, report)).toBe(
      '{"jsonrpc":"2.0","method":"ping","id":1}',
    );
    expect(report).not.toHaveBeenCalled();
  });

  it.each([
    ['a BigInt', { n: 1n }],
    [
      'a cycle',
      (() => {
        const o: Record<string, unknown> = {};
        o.self = o;
        return o;
      })(),
    ],
    ['nesting deeper than the stack', { v: nestedArray(200_000) }],
  ])('turns a response holding %s into a -32603 error for its id', (_, result) => {
    const report = jest.fn();
    const message = { jsonrpc: '2.0', id: 'r1', result } as JsonRpcMessage;
    const text = encodeMessage(message, report);
    expect(JSON.parse(text!)).toEqual({
      jsonrpc: '2.0',
      id: 'r1',
      error: { code: -32603, message: UNENCODABLE_RESPONSE_MESSAGE },
    });
    expect(report).toHaveBeenCalledTimes(1);
    expect(report).toHaveBeenCalledWith(expect.any(Error), message);
  });

  it('drops a notification or request that cannot be encoded, reporting it once', () => {
    const report = jest.fn();
    const notification = {
      jsonrpc: '2.0',
      method: 'notifications/progress',
      params: { progressToken: nestedArray(200_000), progress: 1 },
    } as JsonRpcMessage;
    expect(encodeMessage(notification, report)).toBeUndefined();
    const request = { jsonrpc: '2.0', id: 3, method: 'x', params: { n: 2n } } as JsonRpcMessage;
    expect(encodeMessage(request, report)).toBeUndefined();
    expect(report).toHaveBeenCalledTimes(2);
  });
});

describe('encodeResultWithMembers', () => {
  /** Members text with its byte length, as the server encodes and measures them once. */
  const sized = (text: string) => ({ text, byteLength: Buffer.byteLength(text) });
  const members = sized('"resultType":"complete","_meta":{"k":{"name":"s"}}');

  it.each([
    ['a result with members', { content: [{ type: 'text', text: 'a "quoted" é' }] }, 7],
    ['an empty result', {}, 'r-1'],
    ['a result and an id beyond ASCII', { text: 'naïve 日本 😀' }, 'ré-2'],
  ])('writes %s as encodeMessage writes it with the members added last', (_, result, id) => {
    const report = jest.fn();
    const stamped = { ...result, resultType: 'complete', _meta: { k: { name: 's' } } };
    const expected = encodeMessage({ jsonrpc: '2.0', id, result: stamped }, report)!;
    // The byte length is added up from the parts; it is the text's UTF-8 length.
    expect(encodeResultWithMembers(id, result, members, report)).toEqual({
      text: expected,
      byteLength: Buffer.byteLength(expected),
    });
    expect(report).not.toHaveBeenCalled();
  });

  it('counts members of other texts in turn, beyond ASCII too', () => {
    const other = sized('"resultType":"complete","_meta":{"ü":1}');
    for (const sizedMembers of [members, other, members]) {
      const { text, byteLength } = encodeResultWithMembers(1, { a: 'é' }, sizedMembers, jest.fn());
      expect(byteLength).toBe(Buffer.byteLength(text));
    }
  });

  it('answers an unencodable result with a -32603 error for its id, reported', () => {
    const report = jest.fn();
    const { text, byteLength } = encodeResultWithMembers(3, { n: 1n }, members, report);
    expect(byteLength).toBe(Buffer.byteLength(text));
    expect(JSON.parse(text)).toEqual({
      jsonrpc: '2.0',
      id: 3,
      error: { code: -32603, message: UNENCODABLE_RESPONSE_MESSAGE },
    });
    expect(report).toHaveBeenCalledTimes(1);
  });
});
