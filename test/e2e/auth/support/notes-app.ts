import type { McpAuthOptions } from '../../../../lib/index.js';
import { McpModule } from '../../../../lib/index.js';
import { NotesTools } from '../../../../sample/05-auth/src/notes.tools.js';
import { bootApp, type BootedApp } from '../../nest/support/nest-app.js';
import { freePort } from '../../support/free-port.js';

/**
 * The notes tools of `sample/05-auth` on a free loopback port, the MCP endpoint (its URL is the
 * `resource`) protected by `auth(resource)`; `extra` adds module options (the explorer).
 */
export async function bootNotesApp(
  auth: (resource: string) => McpAuthOptions,
  extra: { explorer?: boolean } = {},
): Promise<{ app: BootedApp; resource: string }> {
  const port = await freePort();
  const resource = `http://127.0.0.1:${port}/mcp`;
  const app = await bootApp({
    port,
    imports: [
      McpModule.forRoot({ name: 'notes', version: '1.0.0', ...extra, auth: auth(resource) }),
    ],
    providers: [NotesTools],
  });
  return { app, resource };
}
