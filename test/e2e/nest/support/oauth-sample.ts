import { AppModule } from '../../../../sample/05-auth/src/app.module.js';
import {
  startAuthorizationServer,
  type AuthorizationServer,
} from '../../../../sample/05-auth/src/oauth/authorization-server.js';
import { bootApp, type BootedApp } from './nest-app.js';
import type { Platform } from './platforms.js';
import { freePort } from './sdk-oauth-provider.js';

/** `sample/05-auth` booted for a test: its authorization server and the protected app. */
export interface BootedOAuthSample {
  readonly as: AuthorizationServer;
  readonly booted: BootedApp;
  /** The MCP endpoint URL, the tokens' audience. */
  readonly resource: string;
  close(): Promise<void>;
}

/**
 * Starts the sample's authorization server and boots its app on `platform` at a port chosen
 * first (the resource URL is part of the app's options), with no clock leeway on expiry.
 */
export async function bootOAuthSample(platform: Platform = 'express'): Promise<BootedOAuthSample> {
  const port = await freePort();
  const resource = `http://127.0.0.1:${port}/mcp`;
  const as = await startAuthorizationServer({ resource });
  const booted = await bootApp({
    platform,
    port,
    imports: [AppModule.forRoot({ resource, issuer: as.issuer, clockToleranceSeconds: 0 })],
  });
  return {
    as,
    booted,
    resource,
    close: async () => {
      await booted.close();
      await as.close();
    },
  };
}
