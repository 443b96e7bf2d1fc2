import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { TransportError } from '../../errors/transport.error.js';
import type { ObservedReply } from '../shared/http/auth-exchange.js';

const ERROR_BODY_LIMIT = 64 * 1024;

/** An SSE event larger than the configured bound. */
export class SseEventTooLargeError extends Error {
  constructor(readonly limit: number) {
    super(`An SSE event exceeded ${limit} bytes`);
    this.name = 'SseEventTooLargeError';
  }
}

async function readErrorText(res: IncomingMessage): Promise<string> {
  let text = '';
  for await (const chunk of res) {
    text += String(chunk);
    if (text.length > ERROR_BODY_LIMIT) {
      res.destroy();
      break;
    }
  }
  return text.slice(0, 500);
}

/**
 * Opens `GET url` as an event stream with Node's `http`/`https` (not `fetch`: its default
 * dispatcher kills a response body that stays idle for 300 s, which legacy servers without
 * keep-alive comments do). Resolves with the response once it is a 2xx `text/event-stream`.
 * `observe` sees the status and headers of the reply first (the transport's `auth` option).
 * @throws TransportError `refused` (no connection), `http` (non-2xx, with the status) or
 *   `protocol` (not an event stream); `closed` when `signal` aborted first.
 */
export function openEventStream(
  url: URL,
  headers: Record<string, string>,
  signal: AbortSignal,
  observe: (reply: ObservedReply) => void = () => undefined,
): Promise<IncomingMessage> {
  const request = url.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise<IncomingMessage>((resolve, reject) => {
    const req = request(url, {
      method: 'GET',
      headers: { ...headers, accept: 'text/event-stream', 'cache-control': 'no-cache' },
      signal,
      agent: false, // a stream holds its socket for life: no pooling, no pool idle timeout
    });
    req.once('error', (error) => {
      if (signal.aborted) reject(new TransportError('The SSE transport was closed', 'closed'));
      else
        reject(
          new TransportError(
            `Cannot connect to ${url.href}: ${(error as NodeJS.ErrnoException).code ?? error.message}`,
            'refused',
            undefined,
            {
              cause: error,
            },
          ),
        );
    });
    req.once('response', (res) => {
      req.on('error', () => undefined); // later socket errors surface on the response stream
      const status = res.statusCode ?? 0;
      observe({ status, header: (name) => headerOf(res, name) });
      if (status < 200 || status > 299) {
        void readErrorText(res)
          .catch(() => '')
          .then((text) =>
            reject(
              new TransportError(
                `GET ${url.href} answered HTTP ${status}${text ? `: ${text}` : ''}`,
                'http',
                status,
              ),
            ),
          );
        return;
      }
      const type = res.headers['content-type'] ?? '';
      if (!type.toLowerCase().startsWith('text/event-stream')) {
        res.destroy();
        reject(
          new TransportError(
            `GET ${url.href} answered ${type || 'no Content-Type'}, not text/event-stream`,
            'protocol',
          ),
        );
        return;
      }
      resolve(res);
    });
    req.end();
  });
}

/** One header of a node reply as a single string (repeated ones joined by `, `). */
function headerOf(res: IncomingMessage, name: string): string | undefined {
  const value = res.headers[name.toLowerCase()];
  return Array.isArray(value) ? value.join(', ') : value;
}
