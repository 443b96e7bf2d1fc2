import { createHash } from 'node:crypto';
import { EXPLORER_SANDBOX_JS } from '../explorer-assets.generated.js';

/** The sandbox proxy document and the CSP it is served with. */
export interface ProxyDocument {
  html: string;
  csp: string;
}

/**
 * The sandbox proxy document served at `origin` (the sandbox's own origin as the browser sees
 * it): only its inline script runs (by hash), it may post to the sandbox's `/view` and frame only
 * the sandbox's `/view/` documents, so the view's frame can never be navigated anywhere else.
 */
export function proxyDocument(origin: string): ProxyDocument {
  const script = EXPLORER_SANDBOX_JS.replace(/<\/script/gi, '<\\/script');
  const hash = createHash('sha256').update(script).digest('base64');
  const html =
    '<!doctype html><html><head><meta charset="utf-8"><title>MCP App sandbox</title></head>' +
    `<body><script>${script}</script></body></html>`;
  const csp = [
    "default-src 'none'",
    `script-src 'sha256-${hash}'`,
    "connect-src 'self'",
    `frame-src ${origin}/view/`,
    "base-uri 'none'",
    "form-action 'none'",
    "object-src 'none'",
  ].join('; ');
  return { html, csp };
}

/** The CSP of every other answer of the sandbox listener (errors): nothing runs, nothing loads. */
export const CLOSED_CSP = "default-src 'none'; base-uri 'none'; form-action 'none'; sandbox";
