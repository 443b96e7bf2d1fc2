import 'reflect-metadata';
import { McpClient, McpOAuthClient, StreamableHttpClientTransport } from '../../lib/index.js';
import { HeadlessUser } from './src/oauth/headless-user.js';
import { startNotesService } from './src/start-notes-service.js';

/**
 * `node dist/sample/05-auth/run-flow.js`: the whole OAuth flow with McpClient, headless. Starts
 * the authorization server and the notes server, then a client that is refused (401), discovers
 * the authorization server, registers, has "alice" sign in (notes:read), calls tools, is refused
 * add_note (403 insufficient_scope), signs in again for notes:write and adds the note.
 */
async function main() {
  const service = await startNotesService({ logger: false });
  const { resource } = service;

  const user = new HeadlessUser('alice');
  const client = new McpClient({
    transport: new StreamableHttpClientTransport(resource, {
      auth: new McpOAuthClient({ interaction: user }),
    }),
  });
  try {
    await client.connect();
    console.log('authorized at', user.opened[0]?.searchParams.get('scope'));
    console.log('whoami', JSON.stringify((await client.callTool('whoami', {})).structuredContent));
    const saved = await client.callTool('add_note', { text: 'buy milk' });
    console.log(
      'add_note',
      JSON.stringify(saved.content),
      'after step-up to',
      user.opened[1]?.searchParams.get('scope'),
    );
    console.log(
      'list_notes',
      JSON.stringify((await client.callTool('list_notes', {})).structuredContent),
    );
  } finally {
    await client.close();
    await service.close();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
