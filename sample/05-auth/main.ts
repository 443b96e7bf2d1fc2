import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import { AppModule } from './src/app.module.js';
import { startAuthorizationServer } from './src/oauth/authorization-server.js';

/**
 * `node dist/sample/05-auth/main.js`: an authorization server on http://127.0.0.1:4000 (dev
 * login form, any user name) and the MCP server it protects on http://127.0.0.1:3000/mcp.
 * Point an MCP client with OAuth support at the MCP URL; `run-flow.ts` does it headlessly.
 */
async function bootstrap() {
  const host = process.env.HOST ?? '127.0.0.1';
  const port = Number(process.env.PORT ?? 3000);
  const resource = `http://${host}:${port}/mcp`;
  const as = await startAuthorizationServer({
    resource,
    host,
    port: Number(process.env.AUTH_PORT ?? 4000),
  });
  const app = await NestFactory.create(AppModule.forRoot({ resource, issuer: as.issuer }));
  app.enableShutdownHooks();
  await app.listen(port, host);
  console.log(`Authorization server on ${as.issuer}; MCP server on ${resource}`);
}

void bootstrap();
