import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import { Redis } from 'ioredis';
import { githubUpstream, redisAuthorizationStore } from '../../lib/index.js';
import { AppModule } from './src/app.module.js';

/**
 * `GITHUB_CLIENT_ID=… GITHUB_CLIENT_SECRET=… node dist/sample/11-authorization-server/main.js`:
 * the notes tools on `http://127.0.0.1:3000/mcp` (or `PUBLIC_URL`), signing users in with GitHub.
 * Register a GitHub OAuth app whose callback URL is `<origin>/oauth/callback/github`.
 * For several instances or restarts: `REDIS_URL` (the store), `AS_SIGNING_JWK` (a private JWK
 * with `kid` and `alg`) and `AS_COOKIE_KEY`.
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
  const { REDIS_URL, AS_SIGNING_JWK, AS_COOKIE_KEY } = process.env;
  const app = await NestFactory.create(
    AppModule.forRoot({
      origin,
      upstream: githubUpstream({ clientId, clientSecret }),
      explorer: true, // `/explorer`, signing in here (not mounted under NODE_ENV=production)
      authorizationServer: {
        ...(REDIS_URL && { store: redisAuthorizationStore(new Redis(REDIS_URL)) }),
        ...(AS_SIGNING_JWK && {
          signingKeys: [JSON.parse(AS_SIGNING_JWK) as Record<string, unknown>],
        }),
        ...(AS_COOKIE_KEY && { cookieKeys: [AS_COOKIE_KEY] }),
      },
    }),
  );
  app.enableShutdownHooks();
  await app.listen(port, '127.0.0.1');
  console.log(`MCP server on ${origin}/mcp; authorization server ${origin}`);
}

void bootstrap();
