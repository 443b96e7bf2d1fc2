import type { INestApplication } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { AppModule } from './app.module.js';
import {
  startAuthorizationServer,
  type AuthorizationServer,
} from './oauth/authorization-server.js';

/** The sample running: its authorization server and the MCP server it protects. */
export interface NotesService {
  /** The MCP endpoint, e.g. `http://127.0.0.1:3000/mcp`. */
  readonly resource: string;
  readonly authorizationServer: AuthorizationServer;
  readonly app: INestApplication;
  close(): Promise<void>;
}

/**
 * Starts the authorization server on `authPort` and the notes MCP server on `port` (env `HOST`,
 * `PORT`, `AUTH_PORT`; default 127.0.0.1, 3000 and 4000).
 */
export async function startNotesService(options: { logger?: false } = {}): Promise<NotesService> {
  const host = process.env.HOST ?? '127.0.0.1';
  const port = Number(process.env.PORT ?? 3000);
  const resource = `http://${host}:${port}/mcp`;
  const authorizationServer = await startAuthorizationServer({
    resource,
    host,
    port: Number(process.env.AUTH_PORT ?? 4000),
  });
  const app = await NestFactory.create(
    AppModule.forRoot({ resource, issuer: authorizationServer.issuer }),
    options,
  );
  app.enableShutdownHooks();
  await app.listen(port, host);
  return {
    resource,
    authorizationServer,
    app,
    close: async () => {
      await app.close();
      await authorizationServer.close();
    },
  };
}
