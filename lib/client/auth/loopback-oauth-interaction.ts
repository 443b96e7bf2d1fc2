import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { McpAuthError } from '../../errors/mcp-auth.error.js';
import type { McpOAuthInteraction } from './oauth-interaction.interface.js';

/** Options of {@link LoopbackOAuthInteraction}. */
export interface LoopbackOAuthInteractionOptions {
  /**
   * Shows the authorization URL to the user: print it, open a browser (`open` package, ...), or
   * follow it headlessly in a test. Default: prints it on stderr. Nothing is opened by itself.
   */
  onAuthorizationUrl?: ((url: URL) => void | Promise<void>) | undefined;
  /** Port on 127.0.0.1. Default 0 (a free port, kept for the life of the interaction). */
  port?: number | undefined;
  /** Path of the redirect URI. Default `/callback`. */
  path?: string | undefined;
  /** How long to wait for the browser to come back (ms). Default 300 000. */
  timeoutMs?: number | undefined;
  /** HTML answered to the browser once the redirect arrived. */
  successHtml?: string | undefined;
}

interface Waiter {
  resolve(url: URL): void;
  reject(error: Error): void;
}

/**
 * The user interaction for CLIs and desktop apps (RFC 8252 loopback redirect): a small HTTP
 * server on 127.0.0.1 (a free port unless given) receives the authorization server's redirect,
 * and the authorization URL goes to `onAuthorizationUrl` (printed on stderr by default). Start
 * is lazy (the first authorization); `close()` stops the server.
 */
export class LoopbackOAuthInteraction implements McpOAuthInteraction {
  private server?: Server;
  private listening?: Promise<string>;
  private waiter?: Waiter;

  constructor(private readonly options: LoopbackOAuthInteractionOptions = {}) {}

  /** Starts the loopback server (once) and gives `http://127.0.0.1:PORT/callback`. */
  redirectUri(): Promise<string> {
    this.listening ??= this.listen();
    return this.listening;
  }

  /**
   * Hands the URL on and waits for the redirect to the loopback server.
   * @throws McpAuthError `authorization_timeout` when the browser does not come back in time.
   */
  async authorize(authorizationUrl: URL, redirectUri: string): Promise<URL> {
    await this.redirectUri();
    this.waiter?.reject(
      new McpAuthError('A newer authorization replaced this one', 'authorization_superseded'),
    );
    const timeoutMs = this.options.timeoutMs ?? 300_000;
    const redirect = new Promise<URL>((resolve, reject) => {
      const timer = setTimeout(() => {
        this.waiter = undefined;
        reject(
          new McpAuthError(
            `No redirect to ${redirectUri} within ${timeoutMs} ms`,
            'authorization_timeout',
          ),
        );
      }, timeoutMs);
      timer.unref();
      this.waiter = {
        resolve: (url) => {
          clearTimeout(timer);
          resolve(url);
        },
        reject: (error) => {
          clearTimeout(timer);
          reject(error);
        },
      };
    });
    const show =
      this.options.onAuthorizationUrl ??
      ((url: URL) => void process.stderr.write(`Authorize this client: ${url.href}\n`));
    await show(authorizationUrl);
    return redirect;
  }

  /** Stops the loopback server; a pending authorization fails. */
  async close(): Promise<void> {
    this.waiter?.reject(
      new McpAuthError('The loopback interaction was closed', 'authorization_cancelled'),
    );
    this.waiter = undefined;
    const server = this.server;
    this.server = undefined;
    this.listening = undefined;
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  private listen(): Promise<string> {
    const path = this.options.path ?? '/callback';
    const server = createServer((req, res) => {
      const url = new URL(req.url ?? '/', 'http://127.0.0.1');
      if (req.method !== 'GET' || url.pathname !== path) {
        res.writeHead(404).end();
        return;
      }
      const waiter = this.waiter;
      this.waiter = undefined;
      const address = server.address() as AddressInfo;
      const full = new URL(`http://127.0.0.1:${address.port}${req.url ?? '/'}`);
      answer(
        res,
        waiter ? (this.options.successHtml ?? DONE_HTML) : STALE_HTML,
        waiter ? 200 : 409,
      );
      waiter?.resolve(full);
    });
    this.server = server;
    return new Promise<string>((resolve, reject) => {
      server.once('error', reject);
      server.listen(this.options.port ?? 0, '127.0.0.1', () => {
        server.unref();
        const { port } = server.address() as AddressInfo;
        resolve(`http://127.0.0.1:${port}${path}`);
      });
    });
  }
}

const DONE_HTML =
  '<!doctype html><title>Authorized</title><p>Authorization complete. You can close this window.</p>';
const STALE_HTML =
  '<!doctype html><title>Not expected</title><p>No authorization is waiting for this redirect.</p>';

function answer(res: ServerResponse, html: string, status: number): void {
  res.writeHead(status, {
    'content-type': 'text/html; charset=utf-8',
    'cache-control': 'no-store',
  });
  res.end(html);
}
