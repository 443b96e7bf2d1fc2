import 'reflect-metadata';
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Injectable } from '@nestjs/common';
import type { Browser, Page } from 'playwright-core';
import { McpServer, Skill } from '../../../lib/index.js';
import { hasChromium, launchChromium } from '../../support/chromium.js';
import { startApp, type TestApp } from '../support/app.js';
import { openExplorer } from './support/explorer-page.js';

const describeBrowser = hasChromium ? describe : describe.skip;

const WEATHER_MD = [
  '---',
  'name: weather-guide',
  'description: How to answer weather questions with the echo tool',
  'license: MIT',
  '---',
  '',
  '# Weather',
  'Read `references/GUIDE.md`, then call `echo`. Ünits: °C.',
  '',
].join('\n');
const GUIDE_MD = '# Guide\nAlways say the unit.\n';
const ICON = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 1, 2, 255]);

@Injectable()
class Skills {
  @Skill({
    name: 'release-notes',
    prefix: 'acme/docs',
    description: 'Write release notes',
    instructions: '# Release notes\nList the changes.',
  })
  releaseNotes() {}

  @Skill({ name: 'today', description: 'Generated per read' })
  today() {
    return '# Today\nGenerated on every read.';
  }
}

/**
 * The explorer page lists a server's skills (SEP-2640) in its Skills tab, in both eras: a
 * skill's front matter and `SKILL.md` shown, its files read on a click (text and binary) and
 * checked against their digests, a dynamic skill marked as such, and a skill registered at
 * runtime listed after the server's list change.
 */
describeBrowser('explorer page: skills (Chromium)', () => {
  let folder: string;
  let app: TestApp;
  let browser: Browser;

  beforeAll(async () => {
    folder = mkdtempSync(join(tmpdir(), 'explorer-skills-'));
    const files: Record<string, string | Buffer> = {
      'weather-guide/SKILL.md': WEATHER_MD,
      'weather-guide/references/GUIDE.md': GUIDE_MD,
      'weather-guide/assets/icon.png': ICON,
    };
    for (const [path, content] of Object.entries(files)) {
      mkdirSync(join(folder, path, '..'), { recursive: true });
      writeFileSync(join(folder, path), content);
    }
    app = await startApp({ skills: folder, explorer: true, pageSize: 1 }, 0, [Skills]);
    browser = await launchChromium();
  }, 60_000);
  afterAll(async () => {
    await browser?.close();
    await app?.close();
    rmSync(folder, { recursive: true, force: true });
  });

  const listed = async (page: Page) => {
    await page.click('[data-tab="skills"]');
    const buttons = await page.$$('[data-kind="skills"]');
    return Promise.all(
      buttons.map(async (b) => [await b.getAttribute('data-name'), await b.textContent()]),
    );
  };

  const openSkill = async (page: Page, uri: string) => {
    await page.click('[data-tab="skills"]');
    await page.click(`[data-kind="skills"][data-name="${uri}"]`);
    await page.waitForSelector('#skill-md[data-digest]');
  };

  describe.each(['legacy', 'modern'] as const)('era %s', (era) => {
    let page: Page;
    beforeAll(async () => {
      page = await openExplorer(browser, `${app.origin}/explorer`, era);
    }, 60_000);
    afterAll(() => page?.close());

    it('lists every skill (all pages) by its name', async () => {
      expect((await listed(page)).sort()).toEqual([
        ['skill://acme/docs/release-notes/SKILL.md', 'release-notes'],
        ['skill://today/SKILL.md', 'today'],
        ['skill://weather-guide/SKILL.md', 'weather-guide'],
      ]);
    });

    it("shows a skill's front matter and SKILL.md, and reads its files checked by digest", async () => {
      await openSkill(page, 'skill://weather-guide/SKILL.md');
      expect(await page.textContent('#detail h2')).toBe('weather-guide');
      expect(await page.textContent('#detail .description')).toBe(
        'How to answer weather questions with the echo tool',
      );
      expect(await page.getAttribute('#skill-md', 'data-digest')).toBe('ok');
      expect(await page.textContent('#skill-md')).toBe(WEATHER_MD);
      expect(JSON.parse((await page.textContent('#skill-frontmatter'))!)).toEqual({
        name: 'weather-guide',
        description: 'How to answer weather questions with the echo tool',
        license: 'MIT',
      });
      const files = await page.$$eval('#skill-files [data-file]', (buttons) =>
        buttons.map((b) => [b.getAttribute('data-file'), b.textContent]),
      );
      expect(files).toEqual([
        ['skill://weather-guide/SKILL.md', 'SKILL.md'],
        ['skill://weather-guide/assets/icon.png', 'assets/icon.png'],
        ['skill://weather-guide/references/GUIDE.md', 'references/GUIDE.md'],
      ]);
      const guide = '[data-file="skill://weather-guide/references/GUIDE.md"]';
      await page.click(guide);
      await page.waitForSelector(`${guide}[data-digest]`);
      expect(await page.getAttribute(guide, 'data-digest')).toBe('ok');
      expect(await page.textContent('#result')).toBe(GUIDE_MD);
      const icon = '[data-file="skill://weather-guide/assets/icon.png"]';
      await page.click(icon);
      await page.waitForSelector(`${icon}[data-digest]`);
      expect(await page.getAttribute(icon, 'data-digest')).toBe('ok');
      expect(await page.textContent('#result')).toContain(ICON.toString('base64'));
    });

    it('marks a dynamic skill and shows its generated SKILL.md', async () => {
      await openSkill(page, 'skill://today/SKILL.md');
      expect(await page.getAttribute('#skill-md', 'data-digest')).toBe('unchecked');
      expect(await page.textContent('#skill-md')).toContain('Generated on every read.');
      expect(await page.textContent('#skill-files')).toContain('dynamic');
    });
  });

  it('lists a skill registered at runtime after the list change, and drops a removed one', async () => {
    const page = await openExplorer(browser, `${app.origin}/explorer`, 'legacy');
    try {
      await page.click('[data-tab="skills"]');
      const server = app.app.get(McpServer);
      server.registerSkill({ name: 'late', description: 'Added later', instructions: 'Hi' });
      const late = '[data-kind="skills"][data-name="skill://late/SKILL.md"]';
      await page.waitForSelector(late, { timeout: 10_000 });
      server.removeSkill('skill://late/SKILL.md');
      await page.waitForSelector(late, { state: 'detached', timeout: 10_000 });
    } finally {
      await page.close();
    }
  });
});
