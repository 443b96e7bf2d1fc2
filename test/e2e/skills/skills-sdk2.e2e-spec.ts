import 'reflect-metadata';
import { execFile } from 'node:child_process';
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { Injectable } from '@nestjs/common';
import { McpServer, Skill } from '../../../lib/index.js';
import { startApp, type TestApp } from '../support/app.js';
import { driveUntil } from '../support/node-driver.js';
import { ROOT } from '../stdio/support/sample.js';

const run = promisify(execFile);
const DRIVER = fileURLToPath(new URL('./sdk2-skills-driver.mjs', import.meta.url));

const GUIDE_MD = [
  '---',
  'name: weather-guide',
  'description: "How to answer weather questions: units, sources"',
  'license: Apache-2.0',
  'metadata:',
  '  mcp-tools: echo',
  '  version: "1.2"',
  '---',
  '',
  '# Weather',
  'Read references/UNITS.md.',
  '',
].join('\n');

@Injectable()
class Sdk2Skills {
  @Skill({
    name: 'release-notes',
    prefix: 'acme/docs',
    description: 'Write release notes',
    frontmatter: { license: 'MIT', metadata: { audience: 'users' } },
    instructions: '# Release notes\nList the changes.',
    files: [{ path: 'templates/NOTES.md', content: '## Changes\n' }],
  })
  releaseNotes() {}

  @Skill({ name: 'today', description: 'Generated per read' })
  today() {
    return '# Today\nGenerated.';
  }
}

interface Report {
  protocolVersion?: string;
  supported?: boolean;
  listRequests: number;
  uris?: string[];
  invalid?: unknown[];
  files?: Record<string, { verified: boolean; size: number; name?: string }>;
  unknown?: { code?: number; message: string };
  wait?: string;
  urisAfter?: string[];
  error?: { message: string };
}

const EXPECTED = [
  'skill://acme/docs/release-notes/SKILL.md',
  'skill://today/SKILL.md',
  'skill://weather-guide/SKILL.md',
];

/**
 * The official SDK v2 client's own Skills support (`SkillsClient` of
 * `@modelcontextprotocol/client/ext/skills`, 2.4.0, on a private Node 22) against our server in
 * both eras: every page listed (page size 1) with no entry refused, each skill got and each of
 * its files read and verified by the SDK (size, digest, and the `SKILL.md` front matter against
 * the entry), an unknown skill refused, and a skill added at runtime announced (2025: the
 * session's `notifications/resources/list_changed`; 2026-07-28: on a `subscriptions/listen`
 * stream) and listed after.
 */
describe('skills with the official SDK v2 SkillsClient', () => {
  let node22 = '';
  let folder: string;
  let app: TestApp;

  beforeAll(async () => {
    const { stdout } = await run('bash', ['scripts/sdk2-tools.sh'], {
      cwd: ROOT,
      timeout: 300_000,
    });
    node22 = stdout.trim().split('\n').at(-1)!;
    folder = mkdtempSync(join(tmpdir(), 'sdk2-skills-'));
    mkdirSync(join(folder, 'weather-guide/references'), { recursive: true });
    writeFileSync(join(folder, 'weather-guide/SKILL.md'), GUIDE_MD);
    writeFileSync(join(folder, 'weather-guide/references/UNITS.md'), '# Units\n°C, km/h\n');
    app = await startApp({ skills: folder, pageSize: 1 }, 0, [Sdk2Skills]);
  }, 320_000);
  afterAll(async () => {
    await app?.close();
    if (folder) rmSync(folder, { recursive: true, force: true });
  });

  /** Runs the driver; once it is listening, `onReady` changes the server. */
  const drive = (mode: string, onReady: () => void) =>
    driveUntil<Report>(node22, DRIVER, { url: app.url.href, mode }, '{"ready":true}', onReady);

  it.each([
    ['legacy', '2025-11-25'],
    ['2026-07-28', '2026-07-28'],
  ])(
    'versionNegotiation %s: listed, got, read and verified, a runtime change announced',
    async (mode, version) => {
      const server = app.app.get(McpServer);
      const late = `late-${mode === 'legacy' ? 'legacy' : 'modern'}`;
      const report = await drive(mode, () =>
        server.registerSkill({ name: late, description: 'Added at runtime', instructions: 'Hi' }),
      );
      try {
        expect(report.error).toBeUndefined();
        expect(report.protocolVersion).toBe(version);
        expect(report.supported).toBe(true);
        expect(report.uris).toEqual(EXPECTED);
        expect(report.invalid).toEqual([]);
        expect(report.listRequests).toBeGreaterThanOrEqual(3); // one page per skill
        expect(report.files).toEqual({
          'skill://acme/docs/release-notes/SKILL.md': {
            verified: true,
            size: expect.any(Number) as number,
            name: 'release-notes',
          },
          'skill://acme/docs/release-notes/templates/NOTES.md': { verified: true, size: 11 },
          'skill://today/SKILL.md': {
            verified: false, // dynamic: no digest to check, the front matter still is
            size: expect.any(Number) as number,
            name: 'today',
          },
          'skill://weather-guide/SKILL.md': {
            verified: true,
            size: Buffer.byteLength(GUIDE_MD),
            name: 'weather-guide',
          },
          'skill://weather-guide/references/UNITS.md': {
            verified: true,
            size: Buffer.byteLength('# Units\n°C, km/h\n'),
          },
        });
        expect(report.unknown?.code).toBe(-32602);
        expect(report.wait).toBe('notified');
        expect(report.urisAfter).toEqual([...EXPECTED, `skill://${late}/SKILL.md`].sort());
      } finally {
        server.removeSkill(`skill://${late}/SKILL.md`);
      }
    },
    90_000,
  );
});
