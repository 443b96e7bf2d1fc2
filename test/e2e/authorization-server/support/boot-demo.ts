import type { LoggerService } from '@nestjs/common';
import {
  githubUpstream,
  googleUpstream,
  type McpAuthorizationServerModuleOptions,
  type McpUpstreamProvider,
} from '../../../../lib/index.js';
import { AppModule } from '../../../../sample/11-authorization-server/src/app.module.js';
import { freePort } from '../../support/free-port.js';
import { bootApp, type BootedApp } from '../../nest/support/nest-app.js';
import type { Platform } from '../../nest/support/platforms.js';
import {
  startUpstreamStandIn,
  type UpstreamKind,
  type UpstreamStandIn,
} from './upstream-stand-in.js';

/** The sample app with its authorization server, signing in at a local stand-in. */
export interface BootedDemo {
  readonly booted: BootedApp;
  readonly upstream: UpstreamStandIn;
  /** The issuer (the app's origin). */
  readonly issuer: string;
  /** `<issuer>/mcp`. */
  readonly resource: string;
  close(): Promise<void>;
}

/** The preset of `kind`, pointed at the stand-in's endpoints. */
export function presetFor(standIn: UpstreamStandIn): McpUpstreamProvider {
  const { origin, clientId, clientSecret } = standIn;
  return standIn.kind === 'github'
    ? githubUpstream({ clientId, clientSecret, webUrl: origin, apiUrl: origin })
    : googleUpstream({
        clientId,
        clientSecret,
        endpoints: {
          authorization_endpoint: `${origin}/o/oauth2/v2/auth`,
          token_endpoint: `${origin}/token`,
          userinfo_endpoint: `${origin}/v1/userinfo`,
        },
      });
}

/**
 * Boots `sample/11-authorization-server` on `port` or one chosen first (the issuer is its
 * origin), with a fresh upstream stand-in; `authorizationServer` may be made from the stand-in
 * (an `upstream` of your own pointed at it).
 */
export async function bootDemo(
  kind: UpstreamKind = 'github',
  authorizationServer:
    | Partial<McpAuthorizationServerModuleOptions>
    | ((standIn: UpstreamStandIn) => Partial<McpAuthorizationServerModuleOptions>) = {},
  platform: Platform = 'express',
  port?: number,
  logger?: LoggerService,
): Promise<BootedDemo> {
  const upstream = await startUpstreamStandIn(kind);
  port ??= await freePort();
  const issuer = `http://127.0.0.1:${port}`;
  const booted = await bootApp({
    platform,
    port,
    ...(logger && { logger }),
    imports: [
      AppModule.forRoot({
        origin: issuer,
        upstream: presetFor(upstream),
        authorizationServer: {
          accessTokenTtlSeconds: 300,
          ...(typeof authorizationServer === 'function'
            ? authorizationServer(upstream)
            : authorizationServer),
        },
      }),
    ],
  });
  return demoOf(booted, upstream, issuer);
}

/** The {@link BootedDemo} of an app booted at `issuer` with its upstream stand-in. */
export function demoOf(booted: BootedApp, upstream: UpstreamStandIn, issuer: string): BootedDemo {
  return {
    booted,
    upstream,
    issuer,
    resource: `${issuer}/mcp`,
    close: async () => {
      await booted.close();
      await upstream.close();
    },
  };
}
