import { createReadStream, existsSync, readdirSync, statSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join, normalize, relative } from 'node:path';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.woff2': 'font/woff2',
};

/**
 * The file a site URL path names, as a static host serves a VitePress build: `/a/` is
 * `a/index.html`, `/a/b` may be `a/b.html`. Undefined when there is none.
 */
export function fileFor(siteDir: string, urlPath: string): string | undefined {
  const clean = normalize(decodeURIComponent(urlPath.split(/[?#]/)[0]!)).replace(
    /^(\.\.[/\\])+/,
    '',
  );
  const base = join(siteDir, clean);
  for (const candidate of [base, join(base, 'index.html'), `${base}.html`]) {
    if (existsSync(candidate) && statSync(candidate).isFile()) return candidate;
  }
  return undefined;
}

/**
 * Serves a built site on 127.0.0.1 (a free port); resolves with its base URL. Like the hosts
 * VitePress recommends, the hashed files under `/assets/` are served as cacheable for good (the
 * pages themselves are not), so a browser loads the scripts, styles and fonts once per context.
 */
export async function serveSite(siteDir: string): Promise<{ url: string; server: Server }> {
  const server = createServer((req, res) => {
    const file = fileFor(siteDir, req.url ?? '/');
    if (!file) {
      res.writeHead(404).end('not found');
      return;
    }
    res.writeHead(200, {
      'content-type': TYPES[extname(file)] ?? 'application/octet-stream',
      ...((req.url ?? '').startsWith('/assets/')
        ? { 'cache-control': 'public, max-age=31536000, immutable' }
        : {}),
    });
    createReadStream(file).pipe(res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server };
}

/** Every page of a built site as a URL path (`/guide/tasks.html`), 404 page left out. */
export function sitePages(siteDir: string, dir = siteDir): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'assets' ? [] : sitePages(siteDir, path);
    if (!entry.name.endsWith('.html') || entry.name === '404.html') return [];
    return [`/${relative(siteDir, path).split('\\').join('/')}`];
  });
}
