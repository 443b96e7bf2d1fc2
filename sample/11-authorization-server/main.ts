import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import { githubUpstream } from '../../lib/index.js';
import { AppModule } from './src/app.module.js';

/**
 * `GITHUB_CLIENT_ID=… GITHUB_CLIENT_SECRET=… node dist/sample/11-authorization-server/main.js`:
 * the demo tools on `http://127.0.0.1:3000/mcp` (or `PUBLIC_URL`), signing users in with GitHub.
 * Register a GitHub OAuth app whose callback URL is `<origin>/oauth/callback/github`.
 */
async function bootstrap() {
  const clientId = process.env.GITHUB_CLIENT_ID;
  const clientSecret = process.env.GITHUB_CLIENT_SECRET;
  if (!clientId || !clientSecret) {
    console.error('Set GITHUB_CLIENT_ID and GITHUB_CLIENT_SECRET (a GitHub OAuth app).');
    process.exit(1);
  }
  const port = Number(process.env.PORT ?? 3000);
  const origin = process.env.PUBLIC_URL ?? `http://127.0.0.1:${port}`;
  const app = await NestFactory.create(
    AppModule.forRoot({ origin, upstream: githubUpstream({ clientId, clientSecret }) }),
  );
  await app.listen(port, '127.0.0.1');
  console.log(`MCP server on ${origin}/mcp; authorization server ${origin}`);
}

void bootstrap();
