import { FastifyAdapter } from '@nestjs/platform-fastify';
import { ExpressAdapter } from '@nestjs/platform-express';
import { IncomingMessage } from 'node:http';
import { Socket } from 'node:net';
import { frameworkClientAddress } from '../../../../lib/nest/http/framework-client-address.js';

/** A raw request from 127.0.0.1 that says it was forwarded for `forwardedFor`. */
function forwarded(forwardedFor: string): IncomingMessage {
  const socket = new Socket();
  Object.defineProperty(socket, 'remoteAddress', { value: '127.0.0.1' });
  const req = new IncomingMessage(socket);
  req.headers['x-forwarded-for'] = forwardedFor;
  return req;
}

describe('frameworkClientAddress', () => {
  it('Express: none without trust proxy (the socket address counts)', () => {
    expect(frameworkClientAddress(new ExpressAdapter())).toBeUndefined();
  });

  it("Express: the forwarded client by the app's trust proxy setting", () => {
    const adapter = new ExpressAdapter();
    adapter.set('trust proxy', 'loopback');
    const resolve = frameworkClientAddress(adapter);
    expect(resolve?.(forwarded('203.0.113.9'))).toBe('203.0.113.9');
  });

  it('Fastify: none without trustProxy', () => {
    expect(frameworkClientAddress(new FastifyAdapter())).toBeUndefined();
  });

  it('Fastify: the forwarded client by trustProxy', () => {
    const all = frameworkClientAddress(new FastifyAdapter({ trustProxy: true }));
    expect(all?.(forwarded('198.51.100.1, 203.0.113.9'))).toBe('198.51.100.1');
    const loopback = frameworkClientAddress(new FastifyAdapter({ trustProxy: '127.0.0.1' }));
    expect(loopback?.(forwarded('198.51.100.1, 203.0.113.9'))).toBe('203.0.113.9');
  });

  it('other adapters: none', () => {
    const other = { getType: () => 'other', getInstance: <T>() => ({}) as T };
    expect(frameworkClientAddress(other)).toBeUndefined();
  });
});
