/** Escapes text for HTML element content and quoted attribute values. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

const STYLE = `
:root{color-scheme:light dark;--fg:#1b1f24;--bg:#f6f7f9;--card:#fff;--muted:#57606a;--accent:#0b5cd5;--line:#d0d7de}
@media (prefers-color-scheme:dark){:root{--fg:#e6edf3;--bg:#0d1117;--card:#161b22;--muted:#9da7b3;--accent:#4c9aff;--line:#30363d}}
*{box-sizing:border-box}body{margin:0;font:16px/1.5 system-ui,-apple-system,"Segoe UI",sans-serif;color:var(--fg);background:var(--bg)}
main{max-width:30rem;margin:10vh auto;padding:2rem;background:var(--card);border:1px solid var(--line);border-radius:12px}
h1{font-size:1.35rem;margin:0 0 1rem}p{margin:.5rem 0}.muted{color:var(--muted);font-size:.9rem}
ul{padding-left:1.2rem}li{margin:.35rem 0}code{font-size:.9em;word-break:break-all}
.actions{display:flex;gap:.75rem;margin-top:1.5rem;flex-wrap:wrap}
button,.button{font:inherit;padding:.6rem 1.2rem;border-radius:8px;border:1px solid var(--line);background:var(--card);color:var(--fg);cursor:pointer;text-decoration:none}
button.primary,.button.primary{background:var(--accent);border-color:var(--accent);color:#fff}
button:focus-visible,.button:focus-visible{outline:3px solid var(--accent);outline-offset:2px}`;

/**
 * A complete server-rendered page of the authorization server: one `<main>` with the given
 * (already escaped) body, the shared style (light and dark), no script, and headers that keep it
 * out of frames and caches.
 */
export function htmlPage(title: string, body: string): string {
  return (
    `<!doctype html><html lang="en"><head><meta charset="utf-8">` +
    `<meta name="viewport" content="width=device-width,initial-scale=1">` +
    `<title>${escapeHtml(title)}</title><style>${STYLE}</style></head>` +
    `<body><main>${body}</main></body></html>`
  );
}

/** Headers of every page: HTML, not cached, not framed (clickjacking), no script at all. */
export const PAGE_HEADERS = {
  'content-type': 'text/html; charset=utf-8',
  'cache-control': 'no-store',
  'x-frame-options': 'DENY',
  'content-security-policy':
    "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'",
  'referrer-policy': 'no-referrer',
} as const;
