import 'reflect-metadata';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { Injectable } from '@nestjs/common';
import { z } from 'zod';
import { McpModule, McpScopes, Skill, type McpAuthInfo } from '../../../lib/index.js';
import { bootApp, type BootedApp } from '../nest/support/nest-app.js';
import { freePort } from '../nest/support/sdk-oauth-provider.js';
import { initializeRequest, postJson, rawId } from '../support/raw-http.js';

const RUNBOOK = 'skill://incident-runbook/SKILL.md';
const CHECKLIST = 'skill://incident-runbook/checklist.md';
const GUIDE = 'skill://public-guide/SKILL.md';

@Injectable()
class ScopedSkills {
  @McpScopes('runbooks:read')
  @Skill({
    name: 'incident-runbook',
    description: 'Handle an incident',
    instructions: '# Runbook\nPage the on-call.',
    files: [{ path: 'checklist.md', content: '- page the on-call\n' }],
  })
  runbook() {}

  @Skill({ name: 'public-guide', description: 'For anyone', instructions: '# Guide' })
  guide() {}
}

/** Two tokens: one granted the runbook's scope, one with no scope. */
const TOKENS: Record<string, readonly string[]> = { reader: ['runbooks:read'], plain: [] };

const Entry = z.looseObject({ uri: z.string(), frontmatter: z.looseObject({ name: z.string() }) });
const Page = z.looseObject({ skills: z.array(Entry), nextCursor: z.string().optional() });
const Got = z.object({ skill: Entry });

/**
 * Scopes on skills (SEP-2640) behind the module's `auth` option, as for tools and resources:
 * `@McpScopes()` on a `@Skill()` method guards its `skills/get` and the reads of every file of it
 * with an RFC 6750 `insufficient_scope` refusal naming the scope, and `hideDeniedFromLists` keeps
 * it out of `skills/list` for a token without the scope. Driven by the official SDK v1 client.
 */
describe.each([false, true])('skills guarded by @McpScopes (hideDeniedFromLists %s)', (hide) => {
  let booted: BootedApp;
  let resource: string;
  const clients: Client[] = [];

  beforeAll(async () => {
    resource = `http://127.0.0.1:${await freePort()}/mcp`;
    booted = await bootApp({
      port: Number(new URL(resource).port),
      imports: [
        McpModule.forRoot({
          name: 'scoped-skills',
          version: '1',
          hideDeniedFromLists: hide,
          auth: {
            resource,
            authorizationServers: ['http://127.0.0.1:1'],
            verifier: (token): Promise<McpAuthInfo> => {
              const scopes = TOKENS[token];
              if (!scopes) return Promise.reject(new Error('unknown token'));
              return Promise.resolve({
                token,
                subject: token,
                scopes,
                audience: [resource],
                claims: {},
              });
            },
          },
        }),
      ],
      providers: [ScopedSkills],
    });
  });
  afterAll(async () => {
    await Promise.all(clients.map((client) => client.close()));
    await booted?.close();
  });

  async function connect(token: string): Promise<Client> {
    const client = new Client({ name: 'skills-scopes-e2e', version: '1.0.0' });
    clients.push(client);
    await client.connect(
      new StreamableHTTPClientTransport(new URL(resource), {
        requestInit: { headers: { authorization: `Bearer ${token}` } },
      }),
    );
    return client;
  }

  const list = async (client: Client) =>
    (await client.request({ method: 'skills/list', params: {} }, Page)).skills
      .map((skill) => skill.uri)
      .sort();

  it('serves the scoped skill and its files to a token with the scope', async () => {
    const reader = await connect('reader');
    expect(await list(reader)).toEqual([RUNBOOK, GUIDE].sort());
    const { skill } = await reader.request({ method: 'skills/get', params: { uri: RUNBOOK } }, Got);
    expect(skill.frontmatter.name).toBe('incident-runbook');
    const file = await reader.readResource({ uri: CHECKLIST });
    expect(file.contents[0]).toMatchObject({ text: '- page the on-call\n' });
  });

  it('refuses the scoped skill and each of its files to a token without it, and serves the rest', async () => {
    const plain = await connect('plain');
    const listed = await list(plain);
    expect(listed).toEqual(hide ? [GUIDE] : [RUNBOOK, GUIDE].sort());
    await expect(
      plain.request({ method: 'skills/get', params: { uri: RUNBOOK } }, Got),
    ).rejects.toThrow(/Insufficient scope: requires runbooks:read/);
    await expect(plain.readResource({ uri: CHECKLIST })).rejects.toThrow(
      /Insufficient scope: requires runbooks:read/,
    );
    const { skill } = await plain.request({ method: 'skills/get', params: { uri: GUIDE } }, Got);
    expect(skill.frontmatter.name).toBe('public-guide');
  });

  it('names the missing scope in the refusal (RFC 6750 insufficient_scope)', async () => {
    const opened = await postJson(new URL(resource), initializeRequest(), {
      authorization: 'Bearer plain',
    });
    expect(opened.status).toBe(200);
    const refused = await postJson(
      new URL(resource),
      { jsonrpc: '2.0', id: rawId(), method: 'skills/get', params: { uri: RUNBOOK } },
      {
        authorization: 'Bearer plain',
        'mcp-session-id': opened.headers['mcp-session-id'] as string,
        'mcp-protocol-version': '2025-11-25',
      },
    );
    expect(refused.status).toBe(403);
    expect(refused.headers['www-authenticate']).toContain('error="insufficient_scope"');
    expect(refused.headers['www-authenticate']).toContain('runbooks:read');
  });
});
