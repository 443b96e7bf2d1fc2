import { request, type IncomingHttpHeaders, type IncomingMessage } from 'node:http';

/** Headers of a raw request; `null` removes a default header. */
export type RawHeaders = Record<string, string | null>;

export interface RawRequestOptions {
  method?: 'GET' | 'POST' | 'DELETE' | 'PUT' | 'PATCH' | 'OPTIONS';
  headers?: RawHeaders;
  body?: string | Buffer;
  /** Send the body with `Transfer-Encoding: chunked` (no `Content-Length`). */
  chunked?: boolean;
}

/** A complete raw HTTP response. */
export interface RawResponse {
  status: number;
  headers: IncomingHttpHeaders;
  text: string;
}

/** One Server-Sent Event. */
export interface SseEvent {
  id?: string;
  event?: string;
  data: string;
  retry?: number;
}

/** Defaults a conforming client sends on a POST. */
export const POST_HEADERS: Readonly<Record<string, string>> = {
  'content-type': 'application/json',
  accept: 'application/json, text/event-stream',
};

function buildHeaders(method: string, headers: RawHeaders = {}): Record<string, string> {
  const merged: Record<string, string | null> = {
    ...(method === 'POST' ? POST_HEADERS : {}),
    ...headers,
  };
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(merged)) if (value !== null) out[name] = value;
  return out;
}

function send(url: URL, options: RawRequestOptions): Promise<IncomingMessage> & { abort(): void } {
  const method = options.method ?? 'POST';
  const headers = buildHeaders(method, options.headers);
  if (options.body !== undefined && !options.chunked && headers['content-length'] === undefined) {
    headers['content-length'] = String(Buffer.byteLength(options.body));
  }
  const req = request(url, { method, headers });
  const promise = new Promise<IncomingMessage>((resolve, reject) => {
    req.once('response', resolve);
    req.once('error', reject);
  });
  if (options.body !== undefined) {
    if (options.chunked) {
      // Several writes so the body really arrives in pieces.
      const buffer = Buffer.from(options.body);
      for (let offset = 0; offset < buffer.length; offset += 16 * 1024) {
        req.write(buffer.subarray(offset, offset + 16 * 1024));
      }
    } else req.write(options.body);
  }
  req.end();
  return Object.assign(promise, { abort: () => req.destroy() });
}

/** Sends a request over a fresh socket and reads the whole response; `abort()` destroys it. */
export function rawRequest(
  url: URL,
  options: RawRequestOptions = {},
): Promise<RawResponse> & { abort(): void } {
  const pending = send(url, options);
  return Object.assign(pending.then(readResponse), { abort: pending.abort });
}

/** Reads a whole response. */
async function readResponse(res: IncomingMessage): Promise<RawResponse> {
  const chunks: Buffer[] = [];
  for await (const chunk of res) chunks.push(chunk as Buffer);
  return {
    status: res.statusCode ?? 0,
    headers: res.headers,
    text: Buffer.concat(chunks).toString('utf8'),
  };
}

/** POSTs one JSON-RPC message (object or raw text) and reads the whole response. */
export function postJson(
  url: URL,
  message: unknown,
  headers: RawHeaders = {},
): Promise<RawResponse> {
  const body = typeof message === 'string' ? message : JSON.stringify(message);
  return rawRequest(url, { method: 'POST', headers, body });
}

/** Parses a complete `text/event-stream` body into events (comments skipped). */
export function parseSse(text: string): SseEvent[] {
  const events: SseEvent[] = [];
  for (const block of text.split(/\r?\n\r?\n/)) {
    const event = parseSseBlock(block);
    if (event) events.push(event);
  }
  return events;
}

function parseSseBlock(block: string): SseEvent | undefined {
  if (block.trim() === '') return undefined;
  const event: SseEvent = { data: '' };
  const data: string[] = [];
  let hasField = false;
  for (const line of block.split(/\r?\n/)) {
    if (line === '' || line.startsWith(':')) continue;
    const colon = line.indexOf(':');
    const field = colon === -1 ? line : line.slice(0, colon);
    let value = colon === -1 ? '' : line.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    hasField = true;
    if (field === 'data') data.push(value);
    else if (field === 'id') event.id = value;
    else if (field === 'event') event.event = value;
    else if (field === 'retry') event.retry = Number(value);
  }
  if (!hasField) return undefined;
  event.data = data.join('\n');
  return event;
}

/**
 * The JSON-RPC messages of a response, whether it was answered as `application/json` (one
 * object or a batch array) or as `text/event-stream` (events with data).
 */
export function rpcMessages(response: RawResponse): Array<Record<string, unknown>> {
  const type = response.headers['content-type'] ?? '';
  if (type.startsWith('text/event-stream')) {
    return parseSse(response.text)
      .filter((e) => e.data !== '')
      .map((e) => JSON.parse(e.data) as Record<string, unknown>);
  }
  if (response.text === '') return [];
  const body = JSON.parse(response.text) as unknown;
  return (Array.isArray(body) ? body : [body]) as Array<Record<string, unknown>>;
}

/** The JSON body of a response (error bodies of refused requests, JSON replies). */
export function jsonBody<T = Record<string, unknown>>(response: RawResponse): T {
  return JSON.parse(response.text) as T;
}

/** An SSE response being read incrementally. */
export interface SseReader {
  status: number;
  headers: IncomingHttpHeaders;
  /** The next event; `undefined` once the server ended the stream. */
  next(): Promise<SseEvent | undefined>;
  /** Reads events until `predicate` matches (returned) or the stream ends (undefined). */
  until(predicate: (event: SseEvent) => boolean): Promise<SseEvent | undefined>;
  /** Reads every remaining event until the server ends the stream. */
  rest(): Promise<SseEvent[]>;
  /** Destroys the request and its socket (a client disconnecting). */
  abort(): void;
}

/** Sends a request expected to answer with an SSE stream and reads it event by event. */
export async function openSse(url: URL, options: RawRequestOptions): Promise<SseReader> {
  const pending = send(url, options);
  const res = await pending;
  res.setEncoding('utf8');
  const queue: SseEvent[] = [];
  const waiters: Array<(event: SseEvent | undefined) => void> = [];
  let buffer = '';
  let ended = false;
  const push = (event: SseEvent | undefined) => {
    const waiter = waiters.shift();
    if (waiter) waiter(event);
    else if (event) queue.push(event);
  };
  const finish = () => {
    if (ended) return;
    ended = true;
    const event = parseSseBlock(buffer);
    buffer = '';
    if (event) push(event);
    while (waiters.length > 0) waiters.shift()!(undefined);
  };
  res.on('data', (chunk: string) => {
    buffer += chunk;
    let match: RegExpExecArray | null;
    while ((match = /\r?\n\r?\n/.exec(buffer))) {
      const block = buffer.slice(0, match.index);
      buffer = buffer.slice(match.index + match[0].length);
      const event = parseSseBlock(block);
      if (event) push(event);
    }
  });
  res.on('end', finish);
  res.on('close', finish);
  res.on('error', finish);
  const next = () =>
    new Promise<SseEvent | undefined>((resolve) => {
      const event = queue.shift();
      if (event) resolve(event);
      else if (ended) resolve(undefined);
      else waiters.push(resolve);
    });
  return {
    status: res.statusCode ?? 0,
    headers: res.headers,
    next,
    async until(predicate) {
      for (let event = await next(); event; event = await next()) {
        if (predicate(event)) return event;
      }
      return undefined;
    },
    async rest() {
      const events: SseEvent[] = [];
      for (let event = await next(); event; event = await next()) events.push(event);
      return events;
    },
    abort: () => pending.abort(),
  };
}

/** A session opened over raw HTTP. */
export interface RawSession {
  sessionId: string;
  protocolVersion: string;
  /** Headers a conforming client sends on every later request of the session. */
  headers: Record<string, string>;
}

let nextRawId = 1;

/** A fresh JSON-RPC request id for raw requests. */
export function rawId(): number {
  return nextRawId++;
}

/** An `initialize` request with a fresh id. */
export function initializeRequest(
  protocolVersion = '2025-11-25',
  capabilities: Record<string, unknown> = {},
) {
  return {
    jsonrpc: '2.0',
    id: rawId(),
    method: 'initialize',
    params: { protocolVersion, capabilities, clientInfo: { name: 'raw-client', version: '1.0.0' } },
  };
}

/** Runs the `initialize` handshake over raw HTTP and returns the session. */
export async function initializeRawSession(
  url: URL,
  protocolVersion = '2025-11-25',
  capabilities: Record<string, unknown> = {},
): Promise<RawSession> {
  const response = await postJson(url, initializeRequest(protocolVersion, capabilities));
  if (response.status !== 200) {
    throw new Error(`initialize failed: ${response.status} ${response.text}`);
  }
  const [message] = rpcMessages(response);
  const negotiated = (message.result as { protocolVersion: string }).protocolVersion;
  const sessionId = response.headers['mcp-session-id'];
  if (typeof sessionId !== 'string') throw new Error('initialize answered without a session id');
  const headers = { 'mcp-session-id': sessionId, 'mcp-protocol-version': negotiated };
  const initialized = await postJson(
    url,
    { jsonrpc: '2.0', method: 'notifications/initialized' },
    headers,
  );
  if (initialized.status !== 202) {
    throw new Error(`notifications/initialized failed: ${initialized.status}`);
  }
  return { sessionId, protocolVersion: negotiated, headers };
}

/**
 * POSTs `message` on a connection of its own, sending all but the last byte of the body now
 * (`sent` resolves once they left): the server has the request in progress (a connection it
 * cannot treat as idle) until `finish()` sends the rest and reads the whole response.
 */
export function beginPost(
  url: URL,
  message: unknown,
  headers: RawHeaders = {},
): { sent: Promise<void>; finish(): Promise<RawResponse> } {
  const body = JSON.stringify(message);
  const all = buildHeaders('POST', headers);
  all['content-length'] = String(Buffer.byteLength(body));
  const req = request(url, { method: 'POST', headers: all, agent: false });
  const response = new Promise<IncomingMessage>((resolve, reject) => {
    req.once('response', resolve);
    req.once('error', reject);
  });
  const sent = new Promise<void>((resolve) => req.write(body.slice(0, -1), () => resolve()));
  return {
    sent,
    async finish() {
      req.end(body.slice(-1));
      return readResponse(await response);
    },
  };
}
