import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, get, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** An https server on loopback serving Client ID Metadata Documents by path. */
export interface MetadataDocumentServer {
  /** `https://127.0.0.1:<port>`. */
  readonly origin: string;
  /** Serves `body` at `path` (JSON-encoded), after `delayMs` when given. */
  serve(path: string, body: unknown, delayMs?: number): string;
  /** The paths requested so far. */
  readonly requests: string[];
  /** A fetch that trusts this server's self-signed certificate (option `fetch`). */
  readonly fetch: (url: string, init: RequestInit) => Promise<Response>;
  close(): Promise<void>;
}

/** A self-signed certificate for 127.0.0.1, made by openssl in a temporary directory. */
export function selfSigned(): { key: Buffer; cert: Buffer } {
  const dir = mkdtempSync(join(tmpdir(), 'cimd-'));
  try {
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'ec',
        '-pkeyopt',
        'ec_paramgen_curve:prime256v1',
        '-nodes',
        '-keyout',
        join(dir, 'key.pem'),
        '-out',
        join(dir, 'cert.pem'),
        '-days',
        '1',
        '-subj',
        '/CN=127.0.0.1',
        '-addext',
        'subjectAltName=IP:127.0.0.1',
      ],
      { stdio: 'ignore' },
    );
    return { key: readFileSync(join(dir, 'key.pem')), cert: readFileSync(join(dir, 'cert.pem')) };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Starts the server (the test must accept its self-signed certificate). */
export async function startMetadataDocumentServer(): Promise<MetadataDocumentServer> {
  const documents = new Map<string, { text: string; delayMs: number }>();
  const requests: string[] = [];
  const tls = selfSigned();
  const server: Server = createServer(tls, (req, res) => {
    requests.push(req.url ?? '');
    const doc = documents.get(req.url ?? '');
    if (!doc) {
      res.writeHead(404).end();
      return;
    }
    setTimeout(() => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(doc.text);
    }, doc.delayMs).unref();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `https://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    requests,
    serve(path, body, delayMs = 0) {
      documents.set(path, { text: JSON.stringify(body), delayMs });
      return `${origin}${path}`;
    },
    fetch: trustingFetch(tls.cert),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A fetch (GET) that trusts the self-signed certificate `cert` (option `fetch` of the CIMD settings). */
export function trustingFetch(cert: Buffer): (url: string, init: RequestInit) => Promise<Response> {
  return (url, init) =>
    new Promise<Response>((resolve, reject) => {
      const request = get(url, { ca: cert, signal: init.signal ?? undefined }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('error', reject);
        res.on('end', () =>
          resolve(
            new Response(Buffer.concat(chunks), {
              status: res.statusCode ?? 500,
              headers: res.headers as Record<string, string>,
            }),
          ),
        );
      });
      request.on('error', reject);
    });
}
