import type { ServerResponse } from 'node:http';
import { encodeMessageBytes } from '../../../../../lib/protocol/encode-message.js';
import { markSharedMember } from '../../../../../lib/protocol/shared-json.js';
import { writeJsonText } from '../../../../../lib/transports/shared/http/http-response.js';

/** A ServerResponse stand-in that records the head and every chunk written, in order. */
function recordingResponse() {
  const chunks: Buffer[] = [];
  const calls: string[] = [];
  let head: { status: number; headers: Record<string, unknown> } | undefined;
  const res = {
    headersSent: false,
    writableEnded: false,
    writeHead(status: number, headers: Record<string, unknown>) {
      head = { status, headers };
      this.headersSent = true;
      return this;
    },
    cork: () => calls.push('cork'),
    write(chunk: string | Buffer) {
      chunks.push(Buffer.from(chunk));
      return true;
    },
    end(chunk?: string | Buffer) {
      if (chunk !== undefined) chunks.push(Buffer.from(chunk));
      calls.push('end');
      this.writableEnded = true;
      return this;
    },
  };
  return {
    res: res as unknown as ServerResponse,
    body: () => Buffer.concat(chunks),
    head: () => head,
    calls,
  };
}

describe('writeJsonText', () => {
  const tools = Object.freeze([
    Object.freeze({ name: 'café', description: '½ ☀ 𝄞', inputSchema: { type: 'object' } }),
  ]);

  it('writes a list reply kept as bytes exactly as JSON.stringify, with its byte length', () => {
    const result: Record<string, unknown> = { tools };
    markSharedMember(result, 'tools');
    result.nextCursor = 'abc';
    const message = { jsonrpc: '2.0' as const, id: 3, result };
    const { res, body, head, calls } = recordingResponse();
    writeJsonText(
      res,
      200,
      encodeMessageBytes(message, () => undefined)!,
      { 'x-a': '1' },
    );
    const expected = Buffer.from(JSON.stringify(message));
    expect(body().equals(expected)).toBe(true);
    expect(head()).toEqual({
      status: 200,
      headers: {
        'x-a': '1',
        'content-type': 'application/json',
        'content-length': expected.length,
      },
    });
    expect(calls).toEqual(['cork', 'end']);
  });

  it('writes text as is, and nothing once the response started', () => {
    const { res, body, head } = recordingResponse();
    writeJsonText(res, 404, '{"é":1}');
    expect(body().toString()).toBe('{"é":1}');
    expect(head()?.headers['content-length']).toBe(8);
    writeJsonText(res, 200, '{}');
    expect(body().toString()).toBe('{"é":1}');
  });
});
