import type { IncomingMessage } from 'node:http';

/** Resolves the client address of a raw Node request. */
export type ClientAddressResolver = (req: IncomingMessage) => string | undefined;

/** The part of a Nest HTTP adapter read here. */
interface AdapterLike {
  getType(): string;
  getInstance<T = unknown>(): T;
}

/** An Express application (structural: express stays the app's own dependency). */
interface ExpressAppLike {
  get(setting: string): unknown;
  request: object;
}

/** The getter `name` of `target` or of an object on its prototype chain. */
function getterOf(
  target: object | undefined,
  name: string,
): ((this: unknown) => unknown) | undefined {
  for (let proto = target; proto; proto = Object.getPrototypeOf(proto) as object | undefined) {
    const descriptor = Object.getOwnPropertyDescriptor(proto, name);
    if (descriptor) return descriptor.get;
  }
  return undefined;
}

/** Express: its own `req.ip` getter (`trust proxy` setting), on a view of the raw request. */
function expressResolver(app: ExpressAppLike): ClientAddressResolver | undefined {
  if (!app.get('trust proxy')) return undefined; // not trusted: the socket address, as without us
  const ip = getterOf(app.request, 'ip');
  if (!ip) return undefined;
  return (req) =>
    ip.call({ app, socket: req.socket, connection: req.socket, headers: req.headers }) as
      string | undefined;
}

/** Fastify: its request class's `ip` getter, defined only when `trustProxy` is set. */
function fastifyResolver(instance: object): ClientAddressResolver | undefined {
  const key = Object.getOwnPropertySymbols(instance).find(
    (symbol) => symbol.description === 'fastify.Request',
  );
  const requestClass = key && (instance as Record<symbol, { prototype?: object }>)[key];
  // Own property only: without `trustProxy` the class inherits the plain socket-address getter.
  const prototype = requestClass?.prototype;
  const ip = prototype && Object.getOwnPropertyDescriptor(prototype, 'ip')?.get;
  if (!ip) return undefined;
  return (req) => ip.call({ raw: req, headers: req.headers }) as string | undefined;
}

/**
 * How the framework under a Nest app resolves a request's client address (`req.ip`), for code
 * that serves raw Node requests before the framework sees them: Express's `trust proxy` setting
 * (read at bootstrap: set it before `app.init()`/`listen()`), Fastify's `trustProxy` option.
 * Undefined when no proxy is trusted: the address is then the socket's (`clientAddressOf`).
 */
export function frameworkClientAddress(adapter: AdapterLike): ClientAddressResolver | undefined {
  const instance = adapter.getInstance<object | undefined>();
  if (!instance) return undefined;
  const type = adapter.getType();
  if (type === 'express') return expressResolver(instance as ExpressAppLike);
  if (type === 'fastify') return fastifyResolver(instance);
  return undefined;
}
