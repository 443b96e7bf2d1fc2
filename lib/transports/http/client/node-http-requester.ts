import { Agent as HttpAgent, request as httpRequest, type IncomingMessage } from 'node:http';
import { Agent as HttpsAgent, request as httpsRequest } from 'node:https';
import type { HttpReplyBody, HttpReplyLike } from '../../shared/http/http-reply-like.js';
import type { HttpRequestInit, HttpRequester } from './http-requester.js';

/** Bytes of a cancelled non-SSE body read to keep its connection; more and it is dropped. */
const DRAIN_LIMIT = 64 * 1024;

/**
 * The default requester of the Streamable HTTP client: `node:http`/`node:https` with a keep-alive
 * agent of its own. Skips what global `fetch` costs per call (web streams, `Headers`, `Response`)
 * and lets {@link close} destroy its sockets at once, where undici's global pool keeps idle ones
 * open for seconds.
 */
export class NodeHttpRequester implements HttpRequester {
  private agent?: HttpAgent;

  /**
   * Sends one request. A kept-alive connection the server closed while idle (ECONNRESET on a
   * reused socket before any reply: its keep-alive timeout ran out while this side was slow) is
   * not a failure of the request: it is sent once more on a new connection, as the Node docs
   * advise.
   */
  request(url: URL, init: HttpRequestInit, retried = false): Promise<HttpReplyLike> {
    const https = url.protocol === 'https:';
    this.agent ??= https ? new HttpsAgent({ keepAlive: true }) : new HttpAgent({ keepAlive: true });
    const { method, headers, signal } = init;
    return new Promise((resolve, reject) => {
      const options = { method, headers, signal, agent: this.agent };
      const onReply = (res: IncomingMessage) => resolve(new NodeHttpReply(res));
      const req = https ? httpsRequest(url, options, onReply) : httpRequest(url, options, onReply);
      // After the reply, errors surface on its body.
      req.on('error', (error: NodeJS.ErrnoException) => {
        const stale = req.reusedSocket && error.code === 'ECONNRESET' && !signal.aborted;
        if (stale && !retried) resolve(this.request(url, init, true));
        else reject(error);
      });
      req.end(init.body);
    });
  }

  close(): void {
    this.agent?.destroy();
    this.agent = undefined;
  }
}

/** A `node:http` reply seen through {@link HttpReplyLike}. */
class NodeHttpReply implements HttpReplyLike {
  readonly status: number;
  readonly statusText: string;
  readonly ok: boolean;
  readonly headers: { get(name: string): string | null };
  readonly body: HttpReplyBody;

  constructor(res: IncomingMessage) {
    this.status = res.statusCode ?? 0;
    this.statusText = res.statusMessage ?? '';
    this.ok = this.status >= 200 && this.status < 300;
    this.headers = {
      get: (name) => {
        const value = res.headers[name.toLowerCase()];
        if (value === undefined) return null;
        return Array.isArray(value) ? value.join(', ') : value;
      },
    };
    this.body = {
      [Symbol.asyncIterator]: () => res[Symbol.asyncIterator](),
      cancel: () => cancel(res),
    };
  }
}

/**
 * Stops reading a reply: an SSE stream (possibly endless) is destroyed with its connection; any
 * other body is drained up to {@link DRAIN_LIMIT} bytes so its keep-alive connection serves again
 * (a 202 usually comes chunked, with no length to judge it by). Resolves once it is over.
 */
async function cancel(res: IncomingMessage): Promise<void> {
  if (res.readableEnded || res.destroyed) return;
  const sse = res.headers['content-type']?.includes('text/event-stream');
  if (sse && !res.complete) return void res.destroy();
  let bytes = 0;
  res.on('data', (chunk: Buffer) => {
    bytes += chunk.byteLength;
    if (bytes > DRAIN_LIMIT) res.destroy();
  });
  await new Promise((resolve) => res.once('end', resolve).once('close', resolve));
}
