import 'reflect-metadata';
import { Injectable } from '@nestjs/common';
import { z } from 'zod';
import {
  McpClient,
  McpModule,
  McpScopes,
  StreamableHttpClientTransport,
  Tool,
} from '../../../lib/index.js';
import { freePort } from '../support/free-port.js';
import { bootApp, type BootedApp } from '../nest/support/nest-app.js';

@Injectable()
class NoteTools {
  @McpScopes('notes:write')
  @Tool({ description: 'Saves a note', inputSchema: { text: z.string() } })
  saveNote({ text }: { text: string }) {
    return text;
  }

  @Tool({ description: 'Anyone may call it' })
  ping() {
    return 'pong';
  }

  @Tool({ description: 'Declares its own', _meta: { securitySchemes: [{ type: 'noauth' }] } })
  custom() {
    return 'mine';
  }
}

/**
 * Per-tool `securitySchemes` in `_meta` (what ChatGPT apps read) from `@McpScopes` and the
 * module's `auth` option: `oauth2` with the scopes a call needs, `noauth` for a public tool
 * (no scopes, endpoint not protected); a tool's own `_meta.securitySchemes` is kept.
 */
describe('securitySchemes from scopes', () => {
  let booted: BootedApp;

  async function boot(protectEndpoint: boolean, requiredScopes: string[] = []) {
    const port = await freePort();
    const resource = `http://127.0.0.1:${port}/mcp`;
    booted = await bootApp({
      port,
      imports: [
        McpModule.forRoot({
          name: 'schemes',
          version: '1',
          auth: {
            resource,
            authorizationServers: ['http://127.0.0.1:1'],
            protectEndpoint,
            requiredScopes,
            scopes: { tools: { ping: [] } },
            verifier: () =>
              Promise.resolve({
                token: 't',
                scopes: ['notes:write', 'base'],
                audience: [resource],
                claims: {},
              }),
          },
        }),
      ],
      providers: [NoteTools],
    });
    const client = new McpClient({
      transport: new StreamableHttpClientTransport(new URL(resource), {
        headers: { authorization: 'Bearer t' },
      }),
    });
    const tools = await client.listAllTools();
    await client.close();
    return Object.fromEntries(tools.map((t) => [t.name, t._meta?.securitySchemes]));
  }
  afterEach(() => booted?.close());

  it('endpoint open: oauth2 with the scopes of a scoped tool, noauth for a public one', async () => {
    expect(await boot(false)).toEqual({
      saveNote: [{ type: 'oauth2', scopes: ['notes:write'] }],
      ping: [{ type: 'noauth' }],
      custom: [{ type: 'noauth' }],
    });
  });

  it('endpoint protected: every tool needs oauth2, with the module-wide scopes', async () => {
    expect(await boot(true, ['base'])).toEqual({
      saveNote: [{ type: 'oauth2', scopes: ['base', 'notes:write'] }],
      ping: [{ type: 'oauth2', scopes: ['base'] }],
      custom: [{ type: 'noauth' }],
    });
  });
});
