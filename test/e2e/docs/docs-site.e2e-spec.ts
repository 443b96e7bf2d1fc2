/**
 * The docs site as readers get it: built by `npm run docs:build` (scripts/docs-build-once.sh, when
 * docs-site/ is missing or older than docs/), served statically, every page checked in headless Chromium.
 * Each page renders its content (guide pages hydrated, the hundreds of API pages as served), every
 * sidebar entry has its page, no internal link is broken (every built page's HTML, and the hydrated
 * guide pages) and every page is reached by links from the home page, the Mermaid diagrams draw on
 * every load, the local search finds a term from an index kept small, long API names wrap inside
 * the sidebar.
 */
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import type { Server } from 'node:http';
import { dirname, join, relative, resolve } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { hasChromium, launchChromium } from '../../support/chromium.js';
import { guide } from '../../../docs/.vitepress/sidebar.js';
import {
  apiSidebars,
  sidebarLinks,
  type SidebarEntry,
} from '../../../docs/.vitepress/api-sidebar.js';
import { fileFor, serveSite, sitePages } from './static-site.js';

const root = resolve(import.meta.dirname, '../../..');
const siteDir = join(root, 'docs-site');

/** Builds docs-site/ unless it is fresh (scripts/docs-build-once.sh, shared with the test lanes). */
function ensureBuilt(): void {
  const run = spawnSync('bash', ['scripts/docs-build-once.sh'], { cwd: root, encoding: 'utf8' });
  if (run.status !== 0) throw new Error(`docs:build failed:\n${run.stdout}\n${run.stderr}`);
}

/** The rule every page's content area meets: a heading and some text. */
function contentProblems(path: string, text: string, headings: number): string[] {
  return text.trim().length < 40 || headings === 0 ? [`${path}: no content rendered`] : [];
}

/** Problems of one page: not served, or no heading and text in its content area. */
async function renderedAt(
  page: Page,
  url: string,
  path: string,
  waitUntil: 'load' | 'domcontentloaded' = 'load',
): Promise<string[]> {
  const response = await page.goto(url, { waitUntil });
  if (response?.status() !== 200) return [`${path}: HTTP ${response?.status()}`];
  // As served (no scripts): the text the server rendered, read without laying the page out (an
  // API page's sidebar lists every symbol); hydrated pages: the text as shown.
  const content = page.locator('.VPContent');
  const text =
    waitUntil === 'domcontentloaded'
      ? ((await content.textContent()) ?? '')
      : await content.innerText();
  const headings = await page.locator('.VPContent h1').count();
  return contentProblems(path, text, headings);
}

/**
 * Problems of pages as served, each fetched by the browser and parsed by its HTML parser
 * (`DOMParser`: no scripts run, as in a page opened with them off) instead of opened in a tab: the
 * same rule on the same DOM, without a navigation, a layout and a paint per page.
 */
async function servedAt(page: Page, paths: string[]): Promise<string[]> {
  const pages = await page.evaluate(async (paths) => {
    const { DOMParser } = globalThis as unknown as { DOMParser: new () => BrowserParser };
    return Promise.all(
      paths.map(async (path) => {
        const response = await fetch(path);
        const doc = new DOMParser().parseFromString(await response.text(), 'text/html');
        const content = doc.querySelector('.VPContent');
        return {
          path,
          status: response.status,
          text: content?.textContent ?? '',
          headings: doc.querySelectorAll('.VPContent h1').length,
        };
      }),
    );
  }, paths);
  return pages.flatMap(({ path, status, text, headings }) =>
    status === 200 ? contentProblems(path, text, headings) : [`${path}: HTTP ${status}`],
  );
}

/**
 * {@link fileFor} of the site, each path looked up once: the hundreds of pages link the same few
 * hundred targets (each API page carries its kind's sidebar), and a file lookup per link was most
 * of the broken-link check's minutes.
 */
const targets = new Map<string, string | undefined>();
function siteFile(path: string): string | undefined {
  if (!targets.has(path)) targets.set(path, fileFor(siteDir, path));
  return targets.get(path);
}

/** The site-internal hrefs of a built page (absolute paths and relative ones). */
function internalLinks(html: string): string[] {
  return [...html.matchAll(/<a [^>]*href="([^"#?]*)[^"]*"/g)]
    .map((match) => match[1]!)
    .filter((href) => href !== '' && !/^[a-z]+:/i.test(href) && !href.startsWith('//'));
}

/** The site-internal hrefs of every built page, by its path; read once for the link checks. */
let linksByPage: Map<string, string[]> | undefined;
function siteLinks(): Map<string, string[]> {
  linksByPage ??= new Map(
    sitePages(siteDir).map((path) => [
      path,
      internalLinks(readFileSync(fileFor(siteDir, path)!, 'utf8')),
    ]),
  );
  return linksByPage;
}

/**
 * The slice of the page's DOM the in-page checks read (the project compiles without DOM types);
 * those functions are sent to the page as source, so each names `globalThis.document` itself.
 */
interface BrowserDocument {
  body: { textContent: string | null };
  querySelectorAll(selector: string): Iterable<{ querySelector(selector: string): unknown }>;
  createRange(): {
    selectNodeContents(node: unknown): void;
    getBoundingClientRect(): { right: number };
  };
}

/** The browser's HTML parser, as {@link servedAt} uses it in the page. */
interface BrowserParser {
  parseFromString(
    html: string,
    type: 'text/html',
  ): {
    querySelector(selector: string): { textContent: string | null } | null;
    querySelectorAll(selector: string): { length: number };
  };
}

/** How long one page may take to load on a loaded machine. */
const NAVIGATION_TIMEOUT_MS = 120_000;

const describeIfChromium = hasChromium ? describe : describe.skip;

describeIfChromium('docs site in Chromium', () => {
  let browser: Browser;
  let server: Server;
  let base: string;
  let page: Page;
  const rendered = (on: Page, path: string, waitUntil?: 'load' | 'domcontentloaded') =>
    renderedAt(on, `${base}${path}`, path, waitUntil);

  beforeAll(async () => {
    ensureBuilt();
    ({ url: base, server } = await serveSite(siteDir));
    browser = await launchChromium();
    page = await browser.newPage();
    // A loaded CI machine (the packaging lane installs beside this spec) can take more than
    // playwright's 30 s default to hand over a static page; a page that never renders still fails.
    page.setDefaultTimeout(NAVIGATION_TIMEOUT_MS);
  }, 900_000);

  afterAll(async () => {
    await browser?.close();
    await new Promise((done) => server?.close(done));
  });

  it("has a built page for every sidebar entry, the guide's and the reference's", () => {
    const missing = guide
      .flatMap((section) => section.items)
      .filter((item) => !fileFor(siteDir, `/${item.link}`))
      .map((item) => item.link);
    const reference = apiSidebars(
      JSON.parse(
        readFileSync(join(root, 'docs/api/typedoc-sidebar.json'), 'utf8'),
      ) as SidebarEntry[],
    );
    expect(Object.keys(reference).length).toBeGreaterThan(3);
    for (const link of Object.values(reference).flatMap(sidebarLinks)) {
      // typedoc's links name the markdown source (`X.md`), which VitePress links as `X.html`; an
      // anchor (`/api/#classes`, a kind's list on the index) must name a heading of its page.
      const [path, anchor] = link.replace(/\.md$/, '.html').split('#');
      const file = fileFor(siteDir, path!);
      if (!file || (anchor && !readFileSync(file, 'utf8').includes(`id="${anchor}"`))) {
        missing.push(link);
      }
    }
    expect(missing).toEqual([]);
  });

  it('has no broken internal link on any page', () => {
    const problems: string[] = [];
    for (const [path, hrefs] of siteLinks()) {
      for (const href of hrefs) {
        if (!siteFile(new URL(href, `http://site${path}`).pathname)) {
          problems.push(`${path}: broken link ${href}`);
        }
      }
    }
    expect(problems).toEqual([]);
  });

  it('reaches every page by links from the home page', () => {
    const links = siteLinks();
    const seen = new Set<string>();
    for (let next = ['/index.html']; next.length > 0;) {
      const path = next.pop()!;
      if (seen.has(path)) continue;
      seen.add(path);
      for (const href of links.get(path) ?? []) {
        const file = siteFile(new URL(href, `http://site${path}`).pathname);
        if (file?.endsWith('.html')) next.push(`/${relative(siteDir, file).split('\\').join('/')}`);
      }
    }
    expect(seen.size).toBeGreaterThan(50);
    expect([...links.keys()].filter((path) => !seen.has(path))).toEqual([]);
  });

  it('renders every guide page with its content (scripts on)', async () => {
    const pages = sitePages(siteDir).filter((path) => !path.startsWith('/api/'));
    expect(pages.length).toBeGreaterThan(15);
    const problems: string[] = [];
    for (const path of pages) {
      problems.push(...(await rendered(page, path)));
      // The hydrated page's links too (the sidebar and outline are built by the client).
      const hrefs = await page.$$eval('a[href]', (links) =>
        links.map((a) => (a as unknown as { href: string }).href),
      );
      for (const href of hrefs) {
        const url = new URL(href);
        if (url.origin === base && !siteFile(url.pathname)) {
          problems.push(`${path}: broken link ${url.pathname}`);
        }
      }
    }
    expect(problems).toEqual([]);
  }, 600_000);

  it('renders every API reference page with its content (as served)', async () => {
    const paths = sitePages(siteDir).filter((path) => path.startsWith('/api/'));
    expect(paths.length).toBeGreaterThan(50);
    // Hundreds of pages, each parsed as served by the browser (fetched from the site's origin)...
    await page.goto(`${base}/api/`, { waitUntil: 'domcontentloaded' });
    const problems = await servedAt(page, paths);
    // ...and the first page of each kind's folder (and the index) also opened in a tab without
    // scripts, as a reader without them gets it.
    const firsts = new Map<string, string>();
    for (const path of [...paths].sort()) {
      if (!firsts.has(dirname(path))) firsts.set(dirname(path), path);
    }
    expect(firsts.size).toBeGreaterThan(5);
    const context = await browser.newContext({ javaScriptEnabled: false });
    context.setDefaultTimeout(NAVIGATION_TIMEOUT_MS);
    const tab = await context.newPage();
    for (const path of firsts.values()) {
      problems.push(...(await rendered(tab, path, 'domcontentloaded')));
    }
    await context.close();
    expect(problems).toEqual([]);
  }, 900_000);

  it('draws every Mermaid diagram on each of three loads, never Mermaid\'s "Syntax error"', async () => {
    const pages = sitePages(siteDir).filter(
      (path) =>
        !path.startsWith('/api/') &&
        readFileSync(fileFor(siteDir, path)!, 'utf8').includes('class="mermaid"'),
    );
    expect(pages.length).toBeGreaterThanOrEqual(3);
    const problems: string[] = [];
    for (const path of pages) {
      for (let load = 1; load <= 3; load++) {
        // Each load a first visit (a context of its own, nothing cached), as the reader who saw
        // "Syntax error" until a reload came.
        const context = await browser.newContext();
        const page = await context.newPage();
        page.setDefaultTimeout(NAVIGATION_TIMEOUT_MS);
        await page.goto(`${base}${path}`, { waitUntil: 'load' });
        // Every diagram drawn (an svg in each), or a minute gone: then the count below fails.
        await page
          .waitForFunction(
            () => {
              const diagrams = [
                ...(
                  globalThis as unknown as { document: BrowserDocument }
                ).document.querySelectorAll('.mermaid'),
              ];
              return diagrams.length > 0 && diagrams.every((d) => d.querySelector('svg'));
            },
            undefined,
            { timeout: 60_000 },
          )
          .catch(() => undefined);
        const drawn = await page.locator('.mermaid svg').count();
        const diagrams = await page.locator('.mermaid').count();
        if (diagrams === 0 || drawn !== diagrams) {
          problems.push(`${path} (load ${load}): ${drawn} of ${diagrams} diagrams drawn`);
        }
        const text = await page.evaluate(
          () =>
            (globalThis as unknown as { document: BrowserDocument }).document.body.textContent ??
            '',
        );
        if (/Syntax error/i.test(text)) problems.push(`${path} (load ${load}): "Syntax error"`);
        await context.close();
      }
    }
    expect(problems).toEqual([]);
  }, 300_000);

  it('keeps the search index small: API pages indexed by name and summary only', () => {
    const chunks = join(siteDir, 'assets', 'chunks');
    const index = readdirSync(chunks).find((file) => file.startsWith('@localSearchIndex'));
    expect(index).toBeDefined();
    // Whole reference pages made 2.7 MB that the box had to load before answering.
    expect(statSync(join(chunks, index!)).size).toBeLessThan(800_000);
  });

  it('wraps long API names in the sidebar at word boundaries, inside it', async () => {
    await page.goto(`${base}/api/functions/createStreamableHttpTransportWithFallback.html`, {
      waitUntil: 'load',
    });
    const item = page.locator('.VPSidebarItem .text', {
      hasText: 'createStreamableHttpTransportWithFallback',
    });
    await item.first().waitFor();
    expect(await item.first().innerHTML()).toContain('Streamable<wbr>Http');
    const overflowing = await page.$$eval('.VPSidebarItem .text', (texts) => {
      return texts.filter((text) => {
        const range = (
          globalThis as unknown as { document: BrowserDocument }
        ).document.createRange();
        range.selectNodeContents(text);
        return range.getBoundingClientRect().right > text.getBoundingClientRect().right + 1;
      }).length;
    });
    expect(overflowing).toBe(0);
  }, 120_000);

  it('finds a term with the local search', async () => {
    await page.goto(`${base}/guide/getting-started.html`, { waitUntil: 'load' });
    // The search button only opens the box once the page is hydrated, which can come after
    // 'load' on a busy machine (seen in CI): click again until the box shows, up to a minute.
    const input = page.locator('.VPLocalSearchBox input');
    for (let attempt = 0; attempt < 12 && !(await input.isVisible()); attempt++) {
      await page.locator('.VPNavBarSearch button').first().click();
      await input.waitFor({ timeout: 5_000 }).catch(() => undefined);
    }
    await input.fill('requestState');
    const first = page.locator('.VPLocalSearchBox .result').first();
    await first.waitFor({ timeout: 60_000 });
    expect(await page.locator('.VPLocalSearchBox .result').count()).toBeGreaterThan(0);
    expect(await first.innerText()).toMatch(/requestState|eras|elicitation/i);
  }, 120_000);
});
