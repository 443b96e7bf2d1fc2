import 'reflect-metadata';
import { startNotesService } from './src/start-notes-service.js';

/**
 * `node dist/sample/05-auth/main.js`: an authorization server on http://127.0.0.1:4000 (dev
 * login form, any user name) and the MCP server it protects on http://127.0.0.1:3000/mcp.
 * Point an MCP client with OAuth support at the MCP URL; `run-flow.ts` does it headlessly.
 */
async function bootstrap() {
  const { resource, authorizationServer } = await startNotesService();
  console.log(`Authorization server on ${authorizationServer.issuer}; MCP server on ${resource}`);
}

void bootstrap();
