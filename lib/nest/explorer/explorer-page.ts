import { EXPLORER_CSS, EXPLORER_JS } from './explorer-assets.generated.js';

/** The explorer's script and stylesheet, as served. */
export const EXPLORER_ASSETS = Object.freeze({ js: EXPLORER_JS, css: EXPLORER_CSS });

const escapeHtml = (text: string) =>
  text.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]!);

/** Where the page's Client ID Metadata Document is served, under the page's path. */
export const CLIENT_METADATA_FILE = 'client-metadata.json';

/** What the page's script is told about signing in. */
export interface ExplorerPageSignIn {
  clientId?: string;
  metadataDocument: boolean;
}

/**
 * The explorer page for a request of `pagePath` (the path the browser asked for, global prefix
 * included): its assets under that path, the MCP endpoint beside it, the sandbox origin of its
 * MCP App views and its sign-in identity (a pre-registered client id, the path of its Client ID
 * Metadata Document), in a JSON block the script reads (no inline script).
 */
export function explorerPage(
  pagePath: string,
  explorerPath: string,
  mcpPath: string,
  { title, sandbox, signIn }: { title: string; sandbox: string; signIn: ExplorerPageSignIn },
): string {
  const page = pagePath.replace(/\/+$/, '') || '/';
  const prefix = page.endsWith(explorerPath) ? page.slice(0, -explorerPath.length) : '';
  const base = page === '/' ? '' : page;
  const config = JSON.stringify({
    endpoint: prefix + mcpPath,
    title,
    sandbox,
    ...(signIn.clientId !== undefined && { clientId: signIn.clientId }),
    ...(signIn.metadataDocument && { clientMetadata: `${base}/${CLIENT_METADATA_FILE}` }),
  }).replace(/</g, '\\u003c');
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

/**
 * The page's Client ID Metadata Document (draft-ietf-oauth-client-id-metadata-document), served
 * at `documentUrl`: that URL is the `client_id`; a public client (PKCE, no secret) whose
 * redirect URIs are the page's URL, with and without the trailing slash.
 */
export function explorerClientMetadata(
  documentUrl: string,
  title: string,
): Record<string, unknown> {
  const page = documentUrl.slice(0, -(CLIENT_METADATA_FILE.length + 1));
  return {
    client_id: documentUrl,
    client_name: title,
    client_uri: page,
    redirect_uris: [page, `${page}/`],
    grant_types: ['authorization_code'],
    response_types: ['code'],
    token_endpoint_auth_method: 'none',
  };
}
