import { isCspOrigin } from '../../../server/registry/csp-source.js';

/** The `_meta.ui.csp` a view declares (what the page sends; anything may be in it). */
export interface DeclaredViewCsp {
  connectDomains?: unknown;
  resourceDomains?: unknown;
  frameDomains?: unknown;
  baseUriDomains?: unknown;
}

/** A view's Content-Security-Policy and the declared entries left out of it. */
export interface ViewCsp {
  /** The `Content-Security-Policy` header value. */
  header: string;
  /** Declared entries that are not origins (`*`, keywords, several sources in one entry, ...). */
  refused: string[];
}

const KEYS = ['connectDomains', 'resourceDomains', 'frameDomains', 'baseUriDomains'] as const;

/**
 * The CSP a view document is served with: the MCP Apps restrictive default (no `'self'`: the
 * sandbox origin serves nothing a view needs) plus the declared origins, each checked by
 * `isCspOrigin` so no entry can add a source or a directive. Forms and nested frames go nowhere
 * undeclared, and the `sandbox` directive keeps the document in an opaque origin even when it is
 * opened outside its frame.
 */
export function viewCsp(declared: DeclaredViewCsp | undefined): ViewCsp {
  const refused: string[] = [];
  const domains = {} as Record<(typeof KEYS)[number], string[]>;
  for (const key of KEYS) {
    const list = declared?.[key];
    domains[key] = [];
    if (!Array.isArray(list)) continue;
    for (const entry of list) {
      if (isCspOrigin(entry)) domains[key].push(entry);
      else refused.push(`${key}: ${JSON.stringify(entry)}`);
    }
  }
  const or = (list: string[], fallback: string) => (list.length > 0 ? list.join(' ') : fallback);
  const resources = domains.resourceDomains.join(' ');
  const header = [
    "default-src 'none'",
    `script-src 'unsafe-inline' ${resources}`,
    `style-src 'unsafe-inline' ${resources}`,
    `img-src data: blob: ${resources}`,
    `font-src data: ${resources}`,
    `media-src data: blob: ${resources}`,
    `connect-src ${or(domains.connectDomains, "'none'")}`,
    `frame-src ${or(domains.frameDomains, "'none'")}`,
    `base-uri ${or(domains.baseUriDomains, "'none'")}`,
    "form-action 'none'",
    "object-src 'none'",
    'sandbox allow-scripts allow-forms',
  ]
    .map((d) => d.trim())
    .join('; ');
  return { header, refused };
}
