import 'reflect-metadata';
import { createHash } from 'node:crypto';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { SSEClientTransport } from '@modelcontextprotocol/sdk/client/sse.js';
import { WebSocketClientTransport } from '@modelcontextprotocol/sdk/client/websocket.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import { Injectable } from '@nestjs/common';
import { z } from 'zod';
import { McpServer, Skill } from '../../../lib/index.js';
import { provideGlobalWebSocket } from '../matrix/support/sdk-websocket.js';
import { startApp, type TestApp } from '../support/app.js';

const digest = (bytes: string) => `sha256:${createHash('sha256').update(bytes).digest('hex')}`;

@Injectable()
class TransportSkills {
  @Skill({
    name: 'release-notes',
    prefix: 'acme',
    description: 'Write release notes',
    instructions: '# Release notes\nList the changes.',
    files: [{ path: 'templates/NOTES.md', content: '## Changes\n- \n' }],
  })
  releaseNotes() {}

  @Skill({ name: 'triage', description: 'Triage an incident', instructions: '# Triage' })
  triage() {}

  @Skill({ name: 'today', description: 'Generated per read' })
  today() {
    return '# Today';
  }
}

const Entry = z.looseObject({
  uri: z.string(),
  frontmatter: z.looseObject({ name: z.string() }),
  resources: z.union([
    z.literal('dynamic'),
    z.array(z.object({ uri: z.string(), digest: z.string(), size: z.number() })),
  ]),
});
const Page = z.looseObject({ skills: z.array(Entry), nextCursor: z.string().optional() });
const ListChanged = z.object({ method: z.literal('notifications/resources/list_changed') });

const EXPECTED = [
  'skill://acme/release-notes/SKILL.md',
  'skill://today/SKILL.md',
  'skill://triage/SKILL.md',
];

/**
 * Skills (SEP-2640) over the legacy HTTP+SSE transport and over WebSocket, with the official SDK
 * v1 client (no skills API: raw requests with our result schema): listed page by page, fetched,
 * their files read and checked by digest, and a skill added and removed at runtime announced with
 * `notifications/resources/list_changed` on that transport.
 */
describe('skills over HTTP+SSE and WebSocket (official SDK v1 client)', () => {
  let app: TestApp;
  let restoreWebSocket: () => void;

  beforeAll(async () => {
    restoreWebSocket = provideGlobalWebSocket();
    app = await startApp({ sse: true, websocket: true, pageSize: 1 }, 0, [TransportSkills]);
  });
  afterAll(async () => {
    await app?.close();
    restoreWebSocket?.();
  });

  const transports: Record<string, () => Transport> = {
    'HTTP+SSE': () => new SSEClientTransport(new URL('/sse', app.origin)),
    WebSocket: () => new WebSocketClientTransport(new URL(`ws://127.0.0.1:${app.port}/ws`)),
  };

  describe.each(Object.keys(transports))('%s', (name) => {
    let client: Client;
    let changes = 0;
    let changed: () => void = () => undefined;
    beforeAll(async () => {
      client = new Client({ name: 'skills-e2e', version: '1.0.0' });
      client.setNotificationHandler(ListChanged, () => {
        changes += 1;
        changed();
      });
      await client.connect(transports[name]!());
    });
    afterAll(() => client?.close());

    const listAll = async () => {
      const uris: string[] = [];
      let cursor: string | undefined;
      let pages = 0;
      do {
        const page = await client.request(
          { method: 'skills/list', params: cursor ? { cursor } : {} },
          Page,
        );
        expect(page.skills.length).toBeLessThanOrEqual(1);
        uris.push(...page.skills.map((s) => s.uri));
        cursor = page.nextCursor;
        pages += 1;
      } while (cursor);
      return { uris: uris.sort(), pages };
    };

    it('lists every skill page by page', async () => {
      const caps = client.getServerCapabilities() as { extensions?: object };
      expect(caps.extensions).toHaveProperty(['io.modelcontextprotocol/skills']);
      const { uris, pages } = await listAll();
      expect(uris).toEqual(EXPECTED);
      expect(pages).toBeGreaterThanOrEqual(3);
    });

    it('gets a skill and reads its files, each matching its digest', async () => {
      const { skill } = await client.request(
        { method: 'skills/get', params: { uri: 'skill://acme/release-notes/SKILL.md' } },
        z.object({ skill: Entry }),
      );
      expect(skill.frontmatter.name).toBe('release-notes');
      if (skill.resources === 'dynamic') throw new Error('expected a static skill');
      expect(skill.resources.map((r) => r.uri)).toEqual([
        'skill://acme/release-notes/SKILL.md',
        'skill://acme/release-notes/templates/NOTES.md',
      ]);
      for (const file of skill.resources) {
        const [content] = (await client.readResource({ uri: file.uri })).contents;
        const text = (content as { text: string }).text;
        expect(digest(text)).toBe(file.digest);
        expect(Buffer.byteLength(text)).toBe(file.size);
      }
      const dynamic = await client.request(
        { method: 'skills/get', params: { uri: 'skill://today/SKILL.md' } },
        z.object({ skill: Entry }),
      );
      expect(dynamic.skill.resources).toBe('dynamic');
      await expect(
        client.request({ method: 'skills/get', params: { uri: 'skill://nope/SKILL.md' } }, Page),
      ).rejects.toMatchObject({ code: -32602 });
    });

    it('announces a skill added and removed at runtime with resources list_changed', async () => {
      const server = app.app.get(McpServer);
      const late = `late-${name === 'WebSocket' ? 'ws' : 'sse'}`;
      const before = changes;
      const arrival = () => new Promise<void>((resolve) => (changed = resolve));
      let next = arrival();
      server.registerSkill({ name: late, description: 'Added at runtime', instructions: 'Hi' });
      await next;
      expect((await listAll()).uris).toContain(`skill://${late}/SKILL.md`);
      next = arrival();
      expect(server.removeSkill(`skill://${late}/SKILL.md`)).toBe(true);
      await next;
      expect((await listAll()).uris).toEqual(EXPECTED);
      expect(changes - before).toBeGreaterThanOrEqual(2);
    });
  });
});
