import type { IncomingMessage, ServerResponse } from 'node:http';
import { OneTimeViews } from './one-time-views.js';
import { CLOSED_CSP, proxyDocument, type ProxyDocument } from './sandbox-documents.js';
import { viewCsp, type DeclaredViewCsp } from './view-csp.js';

/** Bounds of the sandbox listener. */
export interface SandboxLimits {
  /** Largest view HTML posted, in bytes. */
  maxViewBytes: number;
  /** Views waiting for their load at once. */
  maxViews: number;
  /** Their HTML together, in bytes. */
  maxPendingBytes: number;
  /** How long a posted view waits for its load, in ms. */
  ttlMs: number;
}

/** The default bounds: 8 MiB a view, 32 views and 32 MiB waiting, 30 s each. */
export const SANDBOX_LIMITS: SandboxLimits = {
  maxViewBytes: 8 * 1024 * 1024,
  maxViews: 32,
  maxPendingBytes: 32 * 1024 * 1024,
  ttlMs: 30_000,
};

const COMMON_HEADERS = {
  'Cache-Control': 'no-store',
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'no-referrer',
};

/**
 * The request handler of the sandbox origin, which serves only three things: `GET /proxy` (the
 * sandbox proxy), `POST /view` (the proxy's own same-origin post of a view's HTML and declared
 * CSP: a one-time URL back) and `GET /view/<token>` (that view, once, with its CSP as a header).
 * Everything else is a 404 under a CSP that runs nothing.
 */
export class SandboxRequestHandler {
  private readonly proxy: ProxyDocument;
  private readonly views: OneTimeViews;

  constructor(
    private readonly origin: string,
    private readonly limits: SandboxLimits = SANDBOX_LIMITS,
  ) {
    this.proxy = proxyDocument(origin);
    this.views = new OneTimeViews({
      maxViews: limits.maxViews,
      maxBytes: limits.maxPendingBytes,
      ttlMs: limits.ttlMs,
    });
  }

  /** Answers one request of the sandbox listener. */
  handle(req: IncomingMessage, res: ServerResponse): void {
    const path = (req.url ?? '/').split('?')[0]!;
    if (req.method === 'GET' && path === '/proxy') {
      return this.send(res, 200, 'text/html; charset=utf-8', this.proxy.html, this.proxy.csp);
    }
    if (req.method === 'POST' && path === '/view') return void this.post(req, res);
    if (req.method === 'GET' && path.startsWith('/view/')) {
      const view = this.views.take(path.slice('/view/'.length));
      if (view) return this.send(res, 200, 'text/html; charset=utf-8', view.html, view.csp);
    }
    this.send(res, 404, 'text/plain; charset=utf-8', 'Not found', CLOSED_CSP);
  }

  private async post(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const text = (status: number, body: string) =>
      this.send(res, status, 'text/plain; charset=utf-8', body, CLOSED_CSP);
    // The proxy's fetch is same-origin; a page elsewhere cannot mint view URLs here.
    if (req.headers.origin !== this.origin) return text(403, 'Forbidden origin');
    if (!/^application\/json\b/i.test(req.headers['content-type'] ?? '')) {
      return text(415, 'Expected application/json');
    }
    const body = await readBody(req, this.limits.maxViewBytes * 2);
    if (body === undefined) return text(413, 'View too large');
    let parsed: { html?: unknown; csp?: DeclaredViewCsp };
    try {
      parsed = JSON.parse(body) as typeof parsed;
    } catch {
      return text(400, 'Invalid JSON');
    }
    if (typeof parsed?.html !== 'string') return text(400, 'Expected {"html": string}');
    if (Buffer.byteLength(parsed.html) > this.limits.maxViewBytes) {
      return text(413, 'View too large');
    }
    const csp = viewCsp(parsed.csp);
    const token = this.views.put(parsed.html, csp.header);
    if (!token) return text(503, 'Too many views waiting');
    const answer = JSON.stringify({ url: `/view/${token}`, refused: csp.refused });
    this.send(res, 201, 'application/json', answer, CLOSED_CSP);
  }

  private send(res: ServerResponse, status: number, type: string, body: string, csp: string): void {
    res
      .writeHead(status, {
        ...COMMON_HEADERS,
        'Content-Type': type,
        'Content-Security-Policy': csp,
        'Content-Length': Buffer.byteLength(body),
      })
      .end(body);
  }
}

/** The body as text, or undefined once it passes `limit` bytes (the rest is discarded). */
function readBody(req: IncomingMessage, limit: number): Promise<string | undefined> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size <= limit) chunks.push(chunk);
    });
    req.on('end', () =>
      resolve(size <= limit ? Buffer.concat(chunks).toString('utf8') : undefined),
    );
    req.on('error', reject);
  });
}
