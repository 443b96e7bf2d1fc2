import 'reflect-metadata';
import { createHash } from 'node:crypto';
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Injectable, UseGuards, type CanActivate } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import { z } from 'zod';
import {
  McpClient,
  McpModule,
  McpServer,
  Skill,
  StreamableHttpClientTransport,
} from '../../../lib/index.js';
import { startApp, type TestApp } from '../support/app.js';
import { connectClient, type TestClient } from '../support/client.js';

const digest = (text: string) => `sha256:${createHash('sha256').update(text).digest('hex')}`;

const WEATHER_MD = [
  '---',
  'name: weather-guide',
  'description: How to answer weather questions with the echo tool',
  'license: MIT',
  'metadata:',
  '  mcp-tools: echo',
  '---',
  '',
  '# Weather',
  'Read `references/GUIDE.md`, then call `echo`.',
  '',
].join('\n');
const GUIDE_MD = '# Guide\nAlways say the unit.\n';

function skillsFolder(files: Record<string, string>): string {
  const root = mkdtempSync(join(tmpdir(), 'skills-'));
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(join(root, path, '..'), { recursive: true });
    writeFileSync(join(root, path), text);
  }
  return root;
}

class DenyAll implements CanActivate {
  canActivate(): boolean {
    return false;
  }
}

@Injectable()
class SkillProvider {
  @Skill({
    name: 'release-notes',
    prefix: 'acme/docs',
    description: 'Write release notes',
    instructions: '# Release notes\nList the changes.',
    uses: { tools: ['echo'] },
  })
  releaseNotes() {}

  @Skill({ name: 'secret-ops', description: 'Hidden from everyone' })
  @UseGuards(DenyAll)
  secretOps() {
    return 'never shown';
  }
}

const SkillsSchema = z.looseObject({ skills: z.array(z.any()), nextCursor: z.string().optional() });

describe('skills (SEP-2640)', () => {
  let folder: string;
  let app: TestApp;
  let peer: TestClient;

  beforeAll(async () => {
    folder = skillsFolder({
      'weather-guide/SKILL.md': WEATHER_MD,
      'weather-guide/references/GUIDE.md': GUIDE_MD,
    });
    app = await startApp({ skills: folder, hideDeniedFromLists: true, pageSize: 1 }, 0, [
      SkillProvider,
    ]);
    peer = await connectClient(app.url);
  });

  afterAll(async () => {
    await peer?.close();
    await app?.close();
    rmSync(folder, { recursive: true, force: true });
  });

  it('the official SDK client lists (paginated) and gets skills, and reads their files by digest', async () => {
    const caps = peer.client.getServerCapabilities() as { extensions?: object };
    expect(caps.extensions).toHaveProperty(['io.modelcontextprotocol/skills']);
    const skills: Array<{ uri: string; frontmatter: object; resources: unknown }> = [];
    let cursor: string | undefined;
    do {
      const page = await peer.client.request(
        { method: 'skills/list', params: cursor ? { cursor } : {} },
        SkillsSchema,
      );
      expect(page.skills.length).toBeLessThanOrEqual(1);
      skills.push(...page.skills);
      cursor = page.nextCursor;
    } while (cursor);
    expect(skills.map((s) => s.uri).sort()).toEqual([
      'skill://acme/docs/release-notes/SKILL.md',
      'skill://weather-guide/SKILL.md',
    ]);
    const weather = skills.find((s) => s.uri === 'skill://weather-guide/SKILL.md');
    expect(weather).toEqual({
      uri: 'skill://weather-guide/SKILL.md',
      frontmatter: {
        name: 'weather-guide',
        description: 'How to answer weather questions with the echo tool',
        license: 'MIT',
        metadata: { 'mcp-tools': 'echo' },
      },
      resources: [
        {
          uri: 'skill://weather-guide/SKILL.md',
          digest: digest(WEATHER_MD),
          size: WEATHER_MD.length,
        },
        {
          uri: 'skill://weather-guide/references/GUIDE.md',
          digest: digest(GUIDE_MD),
          size: GUIDE_MD.length,
        },
      ],
    });
    const read = await peer.client.readResource({ uri: 'skill://weather-guide/SKILL.md' });
    expect(read.contents[0]).toMatchObject({ mimeType: 'text/markdown', text: WEATHER_MD });
    const got = await peer.client.request(
      { method: 'skills/get', params: { uri: 'skill://acme/docs/release-notes/SKILL.md' } },
      z.looseObject({ skill: z.any() }),
    );
    const md = (await peer.client.readResource({ uri: got.skill.uri })).contents[0] as {
      text: string;
    };
    expect(got.skill.resources).toEqual([
      { uri: got.skill.uri, digest: digest(md.text), size: Buffer.byteLength(md.text) },
    ]);
  });

  it('a guarded skill is hidden from the list and refused by skills/get and resources/read', async () => {
    const uri = 'skill://secret-ops/SKILL.md';
    await expect(
      peer.client.request({ method: 'skills/get', params: { uri } }, z.any()),
    ).rejects.toMatchObject({ code: -32602 });
    await expect(peer.client.readResource({ uri })).rejects.toThrow();
    await expect(
      peer.client.request(
        { method: 'skills/get', params: { uri: 'skill://nope/SKILL.md' } },
        z.any(),
      ),
    ).rejects.toMatchObject({ code: -32602 });
  });

  it('a skill registered at runtime is announced with resources list_changed', async () => {
    const changed = new Promise<void>((resolve) =>
      peer.client.setNotificationHandler(
        z.object({ method: z.literal('notifications/resources/list_changed') }) as never,
        () => resolve(),
      ),
    );
    const server = app.app.get(McpServer);
    server.registerSkill({ name: 'late', description: 'Added later', instructions: 'Hi' });
    await changed;
    expect(server.removeSkill('skill://late/SKILL.md')).toBe(true);
  });

  it('McpClient lists and gets skills in the 2026-07-28 era', async () => {
    const client = new McpClient({
      transport: new StreamableHttpClientTransport(app.url, { standaloneStream: false }),
    });
    try {
      await client.connect();
      expect(client.era).toBe('modern');
      const all = await client.skills.listAll();
      expect(all.map((s) => s.frontmatter.name).sort()).toEqual(['release-notes', 'weather-guide']);
      const page = await client.skills.list();
      expect(page).toMatchObject({ resultType: 'complete', cacheScope: expect.any(String) });
      const skill = await client.skills.get('skill://weather-guide/SKILL.md');
      expect(skill.resources).toHaveLength(2);
    } finally {
      await client.close();
    }
  });

  describe('bootstrap refuses', () => {
    const boot = async (files: Record<string, string>) => {
      const dir = skillsFolder(files);
      try {
        const moduleRef = await Test.createTestingModule({
          imports: [McpModule.forRoot({ name: 'bad', version: '1', skills: dir })],
        }).compile();
        const nest = moduleRef.createNestApplication({ logger: false });
        await nest.init();
        await nest.close();
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    };

    it('broken front matter, naming file and line', async () => {
      await expect(
        boot({ 'x/SKILL.md': '---\nname: x\ndescription: [oops\n---\nbody' }),
      ).rejects.toThrow(/x\/SKILL\.md:\d+: broken front matter/);
    });

    it('a skill naming a missing tool, naming file, line and tool', async () => {
      await expect(
        boot({
          'x/SKILL.md': '---\nname: x\ndescription: d\nmetadata:\n  mcp-tools: forecast\n---\n',
        }),
      ).rejects.toThrow(/x\/SKILL\.md:5: skill "x" uses tool "forecast", which is not registered/);
    });

    it('a name with path characters', async () => {
      await expect(
        boot({ 'x/SKILL.md': '---\nname: ../x\ndescription: d\n---\n' }),
      ).rejects.toThrow(/x\/SKILL\.md:2: invalid skill name "\.\.\/x"/);
    });
  });
});
