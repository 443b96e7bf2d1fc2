import { PassThrough } from 'node:stream';
import type { JsonRpcMessage } from '../../../../lib/protocol/json-rpc.js';
import type { McpError } from '../../../../lib/errors/mcp.error.js';
import {
  JsonLineReader,
  parseJsonRpcLine,
} from '../../../../lib/transports/stdio/json-line-reader.js';
import { until } from './support.js';

function read(input = new PassThrough(), maxLineBytes?: number) {
  const messages: JsonRpcMessage[] = [];
  const invalid: McpError[] = [];
  const ends: Array<Error | undefined> = [];
  const reader = new JsonLineReader(
    input,
    {
      message: (m) => messages.push(m),
      invalid: (e) => invalid.push(e),
      end: (e) => ends.push(e),
    },
    maxLineBytes,
  );
  reader.start();
  return { input, reader, messages, invalid, ends };
}

describe('JsonLineReader', () => {
  it('parses one JSON-RPC message per line and reports bad lines with their codes', async () => {
    const { input, messages, invalid } = read();
    input.write('{"jsonrpc":"2.0","method":"a"}\n{oops\n{"jsonrpc":"2.0","id":5}\n');
    await until(() => invalid.length === 2, 'two invalid lines');
    expect(messages).toEqual([{ jsonrpc: '2.0', method: 'a' }]);
    expect(invalid.map((e) => [e.code, e.data])).toEqual([
      [-32700, undefined],
      [-32600, { id: 5 }],
    ]);
  });

  it('reports the end once, including for a stream destroyed without "end"', async () => {
    const { input, ends } = read();
    input.destroy();
    await until(() => ends.length > 0, 'end');
    expect(ends).toEqual([undefined]);
  });

  it('reports a stream error as the end, with the error', async () => {
    const { input, ends } = read();
    input.destroy(new Error('EIO'));
    await until(() => ends.length > 0, 'end');
    expect(ends.map((e) => e?.message)).toEqual(['EIO']);
  });

  it('pause() stops the flow and resume() restarts it', async () => {
    const { input, reader, messages } = read();
    reader.pause();
    input.write('{"jsonrpc":"2.0","method":"later"}\n');
    await new Promise((resolve) => setImmediate(resolve));
    expect(messages).toEqual([]);
    reader.resume();
    await until(() => messages.length === 1, 'the message after resume');
  });

  it('stop() detaches: nothing is reported afterwards', async () => {
    const { input, reader, messages, ends } = read();
    reader.stop();
    input.write('{"jsonrpc":"2.0","method":"ignored"}\n');
    input.end();
    await new Promise((resolve) => setImmediate(resolve));
    expect(messages).toEqual([]);
    expect(ends).toEqual([]);
    expect(input.listenerCount('data')).toBe(0);
  });

  it('parseJsonRpcLine throws spec-shaped errors', () => {
    expect(() => parseJsonRpcLine('[]')).toThrow(expect.objectContaining({ code: -32600 }));
    expect(() => parseJsonRpcLine('nope')).toThrow(expect.objectContaining({ code: -32700 }));
    expect(parseJsonRpcLine('{"jsonrpc":"2.0","id":1,"result":{}}')).toEqual({
      jsonrpc: '2.0',
      id: 1,
      result: {},
    });
  });
});
