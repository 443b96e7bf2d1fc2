import { IncomingMessage } from 'node:http';
import { Socket } from 'node:net';
import { setFlagsFromString } from 'node:v8';
import {
  hasStashedContentType,
  restoreContentType,
  stashContentType,
} from '../../../../lib/nest/http/content-type-stash.js';

function request(contentType?: string): IncomingMessage {
  const req = new IncomingMessage(new Socket());
  if (contentType !== undefined) req.headers['content-type'] = contentType;
  return req;
}

describe('content type stash', () => {
  it('removes the header and puts it back', () => {
    const req = request('application/json; charset=utf-8');
    stashContentType(req);
    expect(req.headers['content-type']).toBeUndefined();
    expect(hasStashedContentType(req)).toBe(true);
    restoreContentType(req);
    expect(req.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(hasStashedContentType(req)).toBe(false);
  });

  it('replaces the header when asked, and restores its absence', () => {
    const req = request();
    stashContentType(req, 'application/x-private');
    expect(req.headers['content-type']).toBe('application/x-private');
    restoreContentType(req);
    expect('content-type' in req.headers).toBe(false);
  });

  it('leaves a request it never stashed alone', () => {
    const req = request('text/plain');
    restoreContentType(req);
    expect(req.headers['content-type']).toBe('text/plain');
    expect(hasStashedContentType(req)).toBe(false);
  });

  it('cannot be forged with a header', () => {
    const req = request('text/plain');
    req.headers['x-nestjs-mcp-content-type'] = 'application/json';
    expect(hasStashedContentType(req)).toBe(false);
    restoreContentType(req);
    expect(req.headers['content-type']).toBe('text/plain');
  });

  it('keeps the request a fast-properties object (a delete would make it a dictionary)', () => {
    setFlagsFromString('--allow-natives-syntax');
    const hasFastProperties = new Function('o', 'return %HasFastProperties(o)') as (
      o: object,
    ) => boolean;
    const req = request('application/json') as IncomingMessage & { body?: unknown };
    stashContentType(req);
    req.body = undefined; // frameworks add properties after the stash (Express: body, route...)
    expect(hasFastProperties(req)).toBe(true);
    restoreContentType(req);
    expect(hasFastProperties(req)).toBe(true);
  });
});
