import { IncomingMessage, ServerResponse } from 'node:http';
import { Socket } from 'node:net';
import {
  authRefusalBody,
  writeAuthRefusal,
} from '../../../../lib/nest/auth/auth-refusal-response.js';
import { McpAuthRefusal } from '../../../../lib/nest/auth/mcp-resource-server.js';

/** A response that records what was written. */
function recordingResponse() {
  const res = new ServerResponse(new IncomingMessage(new Socket()));
  const written: { status?: number; headers?: Record<string, unknown>; body?: string } = {};
  res.writeHead = ((status: number, headers: Record<string, unknown>) => {
    Object.assign(written, { status, headers });
    return res;
  }) as typeof res.writeHead;
  res.end = ((body: string) => {
    written.body = body;
    return res;
  }) as typeof res.end;
  return { res, written };
}

describe('auth refusal response', () => {
  it("is Nest's HTTP exception body", () => {
    const refusal = new McpAuthRefusal(403, 'Bearer error="insufficient_scope"', 'Insufficient');
    expect(authRefusalBody(refusal)).toEqual({
      statusCode: 403,
      error: 'Forbidden',
      message: 'Insufficient',
    });
  });

  it('writes the status, the challenge and the JSON body', () => {
    const { res, written } = recordingResponse();
    writeAuthRefusal(res, new McpAuthRefusal(401, 'Bearer resource_metadata="x"', 'No token'));
    expect(written.status).toBe(401);
    expect(written.headers).toMatchObject({
      'www-authenticate': 'Bearer resource_metadata="x"',
      'content-type': 'application/json; charset=utf-8',
    });
    expect(JSON.parse(written.body!)).toEqual({
      statusCode: 401,
      error: 'Unauthorized',
      message: 'No token',
    });
  });

  it('writes Retry-After for a 503', () => {
    const { res, written } = recordingResponse();
    writeAuthRefusal(res, new McpAuthRefusal(503, '', 'Unavailable', 7));
    expect(written.headers).toMatchObject({ 'retry-after': '7' });
    expect(written.headers).not.toHaveProperty('www-authenticate');
  });
});
