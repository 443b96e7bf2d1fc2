import type { ServerResponse } from 'node:http';
import { encodeMessageBytes } from '../../../../../lib/protocol/encode-message.js';
import { sharedMemberResult } from '../../../../../lib/protocol/shared-json.js';
import {
  writeJsonText,
  writeSizedJson,
} from '../../../../../lib/transports/shared/http/http-response.js';

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
    end(chunk?: string | Buffer, encoding?: BufferEncoding) {
      if (chunk !== undefined) chunks.push(Buffer.from(chunk as string, encoding));
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
    const result: Record<string, unknown> = sharedMemberResult('tools', tools);
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

  it("adds a caller's extra headers, never in place of the body's type or length", () => {
    const { res, head } = recordingResponse();
    writeJsonText(res, 200, '{"a":1}', {
      'mcp-session-id': 's-1',
      'content-type': 'text/plain',
      'content-length': '1',
    });
    expect(head()?.headers).toEqual({
      'content-type': 'application/json',
      'content-length': 7,
      'mcp-session-id': 's-1',
    });
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

describe('writeSizedJson', () => {
  it('writes ASCII and non-ASCII text as its UTF-8 bytes, with the length it is given', () => {
    for (const text of ['{"a":"plain"}', '{"a":"é ✓ 😀"}']) {
      const { res, body, head } = recordingResponse();
      const byteLength = Buffer.byteLength(text);
      writeSizedJson(res, 200, { text, byteLength });
      expect(body()).toEqual(Buffer.from(text, 'utf8'));
      expect(head()?.headers['content-length']).toBe(byteLength);
    }
  });
});
