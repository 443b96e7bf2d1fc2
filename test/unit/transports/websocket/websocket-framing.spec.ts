import { jest } from '@jest/globals';
import {
  BINARY_FRAME_MESSAGE,
  decodeFrame,
  encodeFrame,
} from '../../../../lib/transports/websocket/websocket-framing.js';

const text = (value: string) => Buffer.from(value, 'utf8');

describe('decodeFrame', () => {
  it('decodes a text frame holding one request', () => {
    const frame = decodeFrame(text('{"jsonrpc":"2.0","id":7,"method":"ping"}'), false);
    expect(frame).toEqual({ ok: true, message: { jsonrpc: '2.0', id: 7, method: 'ping' } });
  });

  it('accepts notifications and responses (answers to server requests)', () => {
    const notification = decodeFrame(
      text('{"jsonrpc":"2.0","method":"notifications/initialized"}'),
      false,
    );
    const response = decodeFrame(text('{"jsonrpc":"2.0","id":"s1","result":{}}'), false);
    expect(notification.ok).toBe(true);
    expect(response).toEqual({ ok: true, message: { jsonrpc: '2.0', id: 's1', result: {} } });
  });

  it('accepts the payload as fragments or an ArrayBuffer', () => {
    const json = '{"jsonrpc":"2.0","id":1,"method":"ping"}';
    const parts = [text(json.slice(0, 10)), text(json.slice(10))];
    const bytes = text(json);
    const arrayBuffer = bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.length);
    expect(decodeFrame(parts, false).ok).toBe(true);
    expect(decodeFrame(arrayBuffer, false).ok).toBe(true);
  });

  it('answers malformed JSON with -32700 and a null id', () => {
    const frame = decodeFrame(text('{"jsonrpc":"2.0","id":3,'), false);
    expect(frame.ok).toBe(false);
    if (frame.ok) return;
    expect(frame.error.id).toBeNull();
    expect(frame.error.error.code).toBe(-32700);
    expect(frame.error.error.message).toMatch(/^Parse error/);
  });

  it('answers a non-message with -32600 and the id when it can be read', () => {
    const frame = decodeFrame(text('{"jsonrpc":"1.0","id":"abc","method":"ping"}'), false);
    expect(frame).toEqual({
      ok: false,
      error: {
        jsonrpc: '2.0',
        id: 'abc',
        error: { code: -32600, message: 'Not a JSON-RPC 2.0 message' },
      },
    });
  });

  it('refuses a batch array (one message per frame) with -32600', () => {
    const frame = decodeFrame(text('[{"jsonrpc":"2.0","id":1,"method":"ping"}]'), false);
    expect(frame.ok).toBe(false);
    if (!frame.ok) expect(frame.error).toMatchObject({ id: null, error: { code: -32600 } });
  });

  it('refuses a binary frame with -32600, keeping the id of a JSON payload', () => {
    const frame = decodeFrame(text('{"jsonrpc":"2.0","id":9,"method":"ping"}'), true);
    expect(frame).toEqual({
      ok: false,
      error: { jsonrpc: '2.0', id: 9, error: { code: -32600, message: BINARY_FRAME_MESSAGE } },
    });
  });

  it('refuses binary garbage with a null id', () => {
    const frame = decodeFrame(Buffer.from([0xff, 0x00, 0x12]), true);
    expect(frame.ok).toBe(false);
    if (!frame.ok) expect(frame.error).toMatchObject({ id: null, error: { code: -32600 } });
  });
});

const noReport = () => undefined;

describe('encodeFrame', () => {
  it('writes one message as compact JSON text', () => {
    expect(encodeFrame({ jsonrpc: '2.0', id: 1, result: { ok: true } }, noReport)).toBe(
      '{"jsonrpc":"2.0","id":1,"result":{"ok":true}}',
    );
  });

  it('answers an unencodable response with -32603 for its id, and reports it', () => {
    const report = jest.fn();
    const text = encodeFrame({ jsonrpc: '2.0', id: 7, result: { big: 1n } }, report);
    expect(JSON.parse(text!)).toMatchObject({ id: 7, error: { code: -32603 } });
    expect(report).toHaveBeenCalledTimes(1);
  });
});
