import type { IncomingMessage } from 'node:http';

/**
 * The client address of a request as the framework resolved it: `req.ip` when the framework set
 * one (Express computes it from the socket and `X-Forwarded-For` by its `trust proxy` setting;
 * on Fastify, `request.ip` by `trustProxy`, copied to the Node request by the Nest glue), else
 * the socket's peer address. With no proxy trusted, both are the socket's address, so the
 * default stays safe: a client cannot choose its address by sending `X-Forwarded-For`.
 */
export function clientAddressOf(req: IncomingMessage): string | undefined {
  const ip = (req as IncomingMessage & { ip?: unknown }).ip;
  return typeof ip === 'string' && ip !== '' ? ip : req.socket.remoteAddress;
}
