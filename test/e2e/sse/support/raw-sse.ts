import { request, type IncomingMessage } from 'node:http';
import {
  openSse,
  postJson,
  rawId,
  type RawHeaders,
  type RawResponse,
  type SseReader,
} from '../../support/raw-http.js';

/** A legacy SSE session opened over raw HTTP. */
export interface RawSseSession {
  /** The stream, positioned after the `endpoint` event. */
  stream: SseReader;
  /** The `data` of the `endpoint` event, as sent. */
  endpoint: string;
  sessionId: string;
  /** The absolute URL to POST messages to. */
  postUrl: URL;
  /** POSTs one message (object or raw text) to the session. */
  post(message: unknown, headers?: RawHeaders): Promise<RawResponse>;
  /** Reads stream events until the JSON-RPC message matching `predicate`; returns every message read. */
  readUntil(
    predicate: (message: Record<string, unknown>) => boolean,
  ): Promise<Array<Record<string, unknown>>>;
}

/** Opens `GET sseUrl` and reads the `endpoint` event. */
export async function openRawSseSession(
  sseUrl: URL,
  headers: RawHeaders = {},
): Promise<RawSseSession> {
  const stream = await openSse(sseUrl, {
    method: 'GET',
    headers: { accept: 'text/event-stream', ...headers },
  });
  if (stream.status !== 200) throw new Error(`GET ${sseUrl.href} answered ${stream.status}`);
  const first = await stream.next();
  if (first?.event !== 'endpoint') throw new Error(`first event was ${JSON.stringify(first)}`);
  const postUrl = new URL(first.data, sseUrl);
  const sessionId = postUrl.searchParams.get('sessionId') ?? '';
  return {
    stream,
    endpoint: first.data,
    sessionId,
    postUrl,
    post: (message, extra) => postJson(postUrl, message, { accept: null, ...extra }),
    async readUntil(predicate) {
      const seen: Array<Record<string, unknown>> = [];
      for (let event = await stream.next(); event; event = await stream.next()) {
        if (event.event !== 'message') throw new Error(`unexpected event ${event.event}`);
        const message = JSON.parse(event.data) as Record<string, unknown>;
        seen.push(message);
        if (predicate(message)) return seen;
      }
      throw new Error(`stream ended after ${seen.length} message(s)`);
    },
  };
}

/** Opens a raw session and completes the `initialize` handshake on it. */
export async function initializeRawSseSession(
  sseUrl: URL,
  capabilities: Record<string, unknown> = {},
): Promise<RawSseSession> {
  const session = await openRawSseSession(sseUrl);
  const id = rawId();
  const accepted = await session.post({
    jsonrpc: '2.0',
    id,
    method: 'initialize',
    params: {
      protocolVersion: '2024-11-05',
      capabilities,
      clientInfo: { name: 'raw-sse-client', version: '1.0.0' },
    },
  });
  if (accepted.status !== 202) throw new Error(`initialize POST answered ${accepted.status}`);
  await session.readUntil((m) => m.id === id);
  const initialized = await session.post({ jsonrpc: '2.0', method: 'notifications/initialized' });
  if (initialized.status !== 202) throw new Error(`initialized answered ${initialized.status}`);
  return session;
}

/**
 * Opens `GET url` and resolves once the raw body contains `needle` (comments included, which
 * the event reader skips); the request is then destroyed.
 */
export function waitForRawText(url: URL, needle: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const req = request(
      url,
      { headers: { accept: 'text/event-stream' } },
      (res: IncomingMessage) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => {
          text += chunk;
          if (text.includes(needle)) {
            req.destroy();
            resolve(text);
          }
        });
        res.on('error', () => undefined);
        res.on('end', () => reject(new Error(`stream ended without ${JSON.stringify(needle)}`)));
      },
    );
    req.on('error', reject); // a no-op once resolved
    req.end();
  });
}
