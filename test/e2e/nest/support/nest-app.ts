import 'reflect-metadata';
import type {
  DynamicModule,
  INestApplication,
  LoggerService,
  LogLevel,
  Provider,
  Type,
} from '@nestjs/common';
import type { AbstractHttpAdapter } from '@nestjs/core';
import { Test } from '@nestjs/testing';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createAdapter, type Platform } from './platforms.js';

/** What to boot: the testing module's metadata, the platform and app-level setup. */
export interface BootOptions {
  imports?: Array<Type<unknown> | DynamicModule>;
  providers?: Provider[];
  controllers?: Array<Type<unknown>>;
  /** Default `'express'`. */
  platform?: Platform;
  /** The platform's adapter made by the test (e.g. Fastify with `trustProxy`); default a fresh one. */
  adapter?: AbstractHttpAdapter;
  /** Runs before `listen` (global prefix, versioning, global enhancers). */
  configure?: (app: INestApplication) => void;
  /** Nest log levels to print, or a logger of the test's own; default none. */
  logger?: false | LogLevel[] | LoggerService;
  /** Port to listen on. Default 0 (any free port). */
  port?: number;
  /** Serve https with this key and certificate (the origin is then `https://`). */
  https?: { key: Buffer; cert: Buffer };
}

/** A Nest app listening on a loopback port. */
export interface BootedApp {
  app: INestApplication;
  platform: Platform;
  /** e.g. `http://127.0.0.1:43210`. */
  origin: string;
  /** The URL of `path` on this app (default `/mcp`). */
  url(path?: string): URL;
  /** Closes the app, dropping keep-alive sockets first (idempotent). */
  close(): Promise<void>;
}

/** Compiles a testing module, creates the app on the platform and listens on 127.0.0.1:0. */
export async function bootApp(options: BootOptions): Promise<BootedApp> {
  const platform = options.platform ?? 'express';
  const moduleRef = await Test.createTestingModule({
    imports: options.imports ?? [],
    providers: options.providers ?? [],
    controllers: options.controllers ?? [],
  }).compile();
  const app = moduleRef.createNestApplication(options.adapter ?? createAdapter(platform), {
    logger: options.logger ?? false,
    ...(options.https && { httpsOptions: options.https }),
  });
  options.configure?.(app);
  await app.listen(options.port ?? 0, '127.0.0.1');
  const server = app.getHttpServer() as Server;
  // Node closes an idle keep-alive socket after 5 s; a client in this process reusing it in the
  // same instant gets ECONNRESET ("fetch failed"), seen when a loaded machine stretches the gap
  // between two calls of a test to about 5 s. Idle sockets live 30 s here, as behind a balancer.
  server.keepAliveTimeout = 30_000;
  const scheme = options.https ? 'https' : 'http';
  const origin = `${scheme}://127.0.0.1:${(server.address() as AddressInfo).port}`;
  let closing: Promise<void> | undefined;
  return {
    app,
    platform,
    origin,
    url: (path = '/mcp') => new URL(path, origin),
    close() {
      closing ??= (async () => {
        server.closeAllConnections();
        await app.close();
      })();
      return closing;
    },
  };
}
