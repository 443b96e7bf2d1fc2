import type { NestExpressApplication } from '@nestjs/platform-express';
import { FastifyAdapter } from '@nestjs/platform-fastify';
import type { McpAuthorizationServerModuleOptions } from '../../../../lib/index.js';
import { AppModule } from '../../../../sample/11-authorization-server/src/app.module.js';
import { freePort } from '../../support/free-port.js';
import { bootApp } from '../../nest/support/nest-app.js';
import type { Platform } from '../../nest/support/platforms.js';
import { demoOf, presetFor, type BootedDemo } from './boot-demo.js';
import { startUpstreamStandIn } from './upstream-stand-in.js';

/**
 * Boots `sample/11-authorization-server` with the framework trusting a proxy on loopback
 * (Express `trust proxy: 'loopback'`, Fastify `trustProxy: '127.0.0.1'`): a request's address is
 * the rightmost `X-Forwarded-For` entry that is not loopback, as behind a proxy on the machine.
 */
export async function bootBehindProxy(
  platform: Platform,
  authorizationServer: Partial<McpAuthorizationServerModuleOptions> = {},
): Promise<BootedDemo> {
  const upstream = await startUpstreamStandIn('github');
  const port = await freePort();
  const issuer = `http://127.0.0.1:${port}`;
  const booted = await bootApp({
    platform,
    port,
    ...(platform === 'fastify' && { adapter: new FastifyAdapter({ trustProxy: '127.0.0.1' }) }),
    configure: (app) => {
      if (platform === 'express') (app as NestExpressApplication).set('trust proxy', 'loopback');
    },
    imports: [
      AppModule.forRoot({
        origin: issuer,
        upstream: presetFor(upstream),
        authorizationServer: { trustProxy: true, ...authorizationServer },
      }),
    ],
  });
  return demoOf(booted, upstream, issuer);
}
