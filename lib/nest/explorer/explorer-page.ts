import { EXPLORER_CSS, EXPLORER_JS } from './explorer-assets.generated.js';

/** The explorer's script and stylesheet, as served. */
export const EXPLORER_ASSETS = Object.freeze({ js: EXPLORER_JS, css: EXPLORER_CSS });

const escapeHtml = (text: string) =>
  text.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]!);

/**
 * The explorer page for a request of `pagePath` (the path the browser asked for, global prefix
 * included): its assets under that path, the MCP endpoint beside it and the sandbox origin of
 * its MCP App views, in a JSON block the script reads (no inline script).
 */
export function explorerPage(
  pagePath: string,
  explorerPath: string,
  mcpPath: string,
  { title, sandbox }: { title: string; sandbox: string },
): string {
  const page = pagePath.replace(/\/+$/, '') || '/';
  const prefix = page.endsWith(explorerPath) ? page.slice(0, -explorerPath.length) : '';
  const config = JSON.stringify({ endpoint: prefix + mcpPath, title, sandbox }).replace(
    /</g,
    '\\u003c',
  );
  const base = page === '/' ? '' : page;
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<link rel="stylesheet" href="${escapeHtml(base)}/explorer.css">
<script id="mcp-explorer-config" type="application/json">${config}</script>
<script defer src="${escapeHtml(base)}/explorer.js"></script>
</head>
<body></body>
</html>
`;
}
