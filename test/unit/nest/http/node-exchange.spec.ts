import { IncomingMessage, ServerResponse, type OutgoingHttpHeaders } from 'node:http';
import { Socket } from 'node:net';
import { stashContentType } from '../../../../lib/nest/http/content-type-stash.js';
import { toNodeExchange } from '../../../../lib/nest/http/node-exchange.js';

function nodePair(): { req: IncomingMessage; res: ServerResponse } {
  const req = new IncomingMessage(new Socket());
  return { req, res: new ServerResponse(req) };
}

/** A stand-in for a Fastify reply: headers set on it live apart from the raw response. */
function fastifyReply(res: ServerResponse, headers: OutgoingHttpHeaders) {
  return {
    raw: res,
    hijacked: false,
    hijack() {
      this.hijacked = true;
    },
    getHeaders: () => headers,
  };
}

describe('toNodeExchange', () => {
  it('passes Express objects through, with the parsed body and the content type restored', () => {
    const { req, res } = nodePair();
    req.headers['content-type'] = 'application/json';
    stashContentType(req);
    Object.assign(req, { body: { parsed: true } });
    const exchange = toNodeExchange(req, res);
    expect(exchange.req).toBe(req);
    expect(exchange.res).toBe(res);
    expect(exchange.body).toEqual({ parsed: true });
    expect(req.headers['content-type']).toBe('application/json');
  });

  it('unwraps a Fastify request and reply, hijacking the reply', () => {
    const { req, res } = nodePair();
    const reply = fastifyReply(res, {});
    const exchange = toNodeExchange({ raw: req, body: undefined }, reply);
    expect(exchange).toEqual({ req, res, body: undefined });
    expect(reply.hijacked).toBe(true);
  });

  it('carries headers set on the Fastify reply over to the raw response', () => {
    const { req, res } = nodePair();
    res.setHeader('x-already', 'raw');
    const reply = fastifyReply(res, {
      'access-control-allow-origin': 'http://app.example',
      'x-already': 'reply',
      'x-undefined': undefined,
    });
    toNodeExchange({ raw: req }, reply);
    expect(res.getHeader('access-control-allow-origin')).toBe('http://app.example');
    expect(res.getHeader('x-already')).toBe('raw');
    expect(res.hasHeader('x-undefined')).toBe(false);
  });

  it("reads the headers of a reply that keeps them under Fastify's key without merging copies", () => {
    const { req, res } = nodePair();
    res.setHeader('x-already', 'raw');
    const reply = {
      raw: res,
      hijack() {},
      getHeaders: () => {
        throw new Error('getHeaders() called');
      },
      [Symbol('fastify.reply.headers')]: { 'x-from-hook': 'hook', 'x-already': 'reply' },
    };
    toNodeExchange({ raw: req }, reply);
    expect(res.getHeader('x-from-hook')).toBe('hook');
    expect(res.getHeader('x-already')).toBe('raw');
  });

  it('copies the user an HTTP guard set on the Fastify request to the Node request', () => {
    const { req, res } = nodePair();
    const user = { id: 'u-1' };
    toNodeExchange({ raw: req, user }, fastifyReply(res, {}));
    expect((req as IncomingMessage & { user?: unknown }).user).toBe(user);
  });

  it('keeps a user already on the Node request', () => {
    const { req, res } = nodePair();
    Object.assign(req, { user: { id: 'from-node' } });
    toNodeExchange({ raw: req, user: { id: 'from-fastify' } }, fastifyReply(res, {}));
    expect((req as IncomingMessage & { user?: unknown }).user).toEqual({ id: 'from-node' });
  });
});
