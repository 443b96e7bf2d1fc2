// A small MCP client for the browser: Streamable HTTP in both eras (2025 sessions, 2026-07-28
// stateless requests with input rounds), progress and log notifications, server requests
// (elicitation, sampling) answered by the page, cancellation. A 401, or a 403 with a Bearer
// challenge, fails the request with an AuthRefusal (the page signs in on it).
import { authRefusalOf } from './auth/auth-refusal.js';

export type Era = 'legacy' | 'modern';
type Json = Record<string, unknown>;
/** A JSON-RPC message as it arrives. */
export interface RpcMessage {
  jsonrpc: '2.0';
  id?: string | number;
  method?: string;
  params?: Json;
  result?: Json;
  error?: { code: number; message: string; data?: unknown };
}

/** What the page does with what arrives while a request runs. */
export interface RequestHooks {
  onNotification?(message: RpcMessage): void;
  /** Answers `elicitation/create` / `sampling/createMessage` (2025 request or 2026 input round). */
  onServerRequest?(method: string, params: Json): Promise<Json>;
  signal?: AbortSignal;
}

/** An error answer of the server. */
export class RpcError extends Error {
  constructor(
    readonly code: number,
    message: string,
    readonly data?: unknown,
  ) {
    super(message);
  }
}

const MODERN = '2026-07-28';
const LEGACY = '2025-11-25';
const NAME_FIELD: Record<string, string> = {
  'tools/call': 'name',
  'prompts/get': 'name',
  'resources/read': 'uri',
};
const CLIENT_INFO = { name: 'nestjs-mcp-explorer', version: '1.0.0' };
/** Capabilities the explorer declares: it answers elicitation and sampling, and renders views. */
export const EXPLORER_CAPABILITIES = {
  elicitation: { form: {} },
  sampling: {},
  extensions: { 'io.modelcontextprotocol/ui': { mimeTypes: ['text/html;profile=mcp-app'] } },
};

/** One connection to an MCP endpoint. */
export class BrowserMcpClient {
  serverInfo?: Json;
  serverCapabilities: Json = {};
  protocolVersion = '';
  instructions?: string;
  private sessionId?: string;
  private nextId = 1;
  private listening?: AbortController;

  constructor(
    private readonly endpoint: string,
    readonly era: Era,
    /** Notifications outside any request (resource updates, list changes). */
    private readonly onNotification: (message: RpcMessage) => void = () => undefined,
    /** The user's own headers, read for every request (the protocol's headers win over them). */
    private readonly extraHeaders: () => Record<string, string> = () => ({}),
  ) {}

  /** Initializes (2025) or discovers (2026-07-28) the server. */
  async connect(): Promise<void> {
    if (this.era === 'modern') {
      const result = await this.request('server/discover', {});
      this.protocolVersion = MODERN;
      this.serverCapabilities = (result.capabilities as Json) ?? {};
      this.serverInfo = (result._meta as Json | undefined)?.[
        'io.modelcontextprotocol/serverInfo'
      ] as Json;
      this.instructions = result.instructions as string | undefined;
      return;
    }
    const result = await this.request('initialize', {
      protocolVersion: LEGACY,
      capabilities: EXPLORER_CAPABILITIES,
      clientInfo: CLIENT_INFO,
    });
    this.protocolVersion = String(result.protocolVersion);
    this.serverCapabilities = (result.capabilities as Json) ?? {};
    this.serverInfo = result.serverInfo as Json;
    this.instructions = result.instructions as string | undefined;
    await this.notify('notifications/initialized');
    void this.listen();
  }

  /** Ends the session (2025: DELETE). */
  async close(): Promise<void> {
    this.listening?.abort();
    if (this.sessionId) {
      await fetch(this.endpoint, { method: 'DELETE', headers: this.headers() }).catch(() => null);
      this.sessionId = undefined;
    }
  }

  /** Sends a notification. */
  async notify(method: string, params?: Json): Promise<void> {
    const body = { jsonrpc: '2.0', method, ...(params && { params }) };
    const res = await fetch(this.endpoint, {
      method: 'POST',
      headers: this.headers(method),
      body: JSON.stringify(body),
    });
    const refusal = authRefusalOf(res);
    if (refusal) throw refusal;
    await res.body?.cancel();
  }

  /** The id the next request gets (to cancel it). */
  peekId(): number {
    return this.nextId;
  }

  /**
   * Sends a request and resolves with its result; notifications and server requests that arrive
   * meanwhile go to `hooks`. A 2026-07-28 `input_required` result is answered and retried.
   */
  async request(method: string, params: Json, hooks: RequestHooks = {}): Promise<Json> {
    let current = params;
    for (let round = 0; round < 10; round++) {
      const result = await this.send(method, current, hooks);
      if (this.era !== 'modern' || result.resultType !== 'input_required') return result;
      const inputResponses: Json = {};
      const requests = (result.inputRequests ?? {}) as Record<
        string,
        { method: string; params: Json }
      >;
      for (const [key, input] of Object.entries(requests)) {
        inputResponses[key] = await this.answer(input.method, input.params ?? {}, hooks);
      }
      current = {
        ...params,
        inputResponses,
        ...(result.requestState !== undefined && { requestState: result.requestState }),
      };
    }
    throw new Error('Too many input rounds');
  }

  /** Cancels a 2025 request by id (2026-07-28 requests are cancelled by aborting them). */
  async cancel(id: number, reason: string): Promise<void> {
    if (this.era === 'legacy')
      await this.notify('notifications/cancelled', { requestId: id, reason });
  }

  private async send(method: string, params: Json, hooks: RequestHooks): Promise<Json> {
    const id = this.nextId++;
    const body = { jsonrpc: '2.0', id, method, params: this.withEnvelope(params) };
    const res = await fetch(this.endpoint, {
      method: 'POST',
      headers: this.headers(method, params),
      body: JSON.stringify(body),
      signal: hooks.signal,
    });
    const refusal = authRefusalOf(res);
    if (refusal) throw refusal;
    const session = res.headers.get('mcp-session-id');
    if (session) this.sessionId = session;
    const type = res.headers.get('content-type') ?? '';
    if (type.includes('text/event-stream')) {
      for await (const message of sseMessages(res)) {
        if (message.id === id && (message.result || message.error)) return settle(message);
        await this.dispatch(message, hooks);
      }
      throw new Error(`The stream ended before the answer to ${method}`);
    }
    const text = await res.text();
    if (!text) throw new Error(`HTTP ${res.status} without a body`);
    return settle(JSON.parse(text) as RpcMessage);
  }

  private async dispatch(message: RpcMessage, hooks: RequestHooks): Promise<void> {
    if (message.method && message.id !== undefined) {
      // A server request on the request's stream (2025): answer it with a POSTed response.
      let reply: Json;
      try {
        reply = { result: await this.answer(message.method, message.params ?? {}, hooks) };
      } catch (error) {
        reply = { error: { code: -32603, message: (error as Error).message } };
      }
      await fetch(this.endpoint, {
        method: 'POST',
        headers: this.headers(),
        body: JSON.stringify({ jsonrpc: '2.0', id: message.id, ...reply }),
      }).then((r) => r.body?.cancel());
      return;
    }
    if (message.method) (hooks.onNotification ?? this.onNotification)(message);
  }

  private async answer(method: string, params: Json, hooks: RequestHooks): Promise<Json> {
    if (method === 'ping') return {};
    if (method === 'roots/list') return { roots: [] };
    if (!hooks.onServerRequest) throw new Error(`No answer for ${method}`);
    return hooks.onServerRequest(method, params);
  }

  /** The 2025 session's standalone GET stream: resource updates and list changes. */
  private async listen(): Promise<void> {
    this.listening = new AbortController();
    try {
      const res = await fetch(this.endpoint, {
        method: 'GET',
        headers: { ...this.headers(), accept: 'text/event-stream' },
        signal: this.listening.signal,
      });
      if (!res.ok) return;
      for await (const message of sseMessages(res)) await this.dispatch(message, {});
    } catch {
      // closed
    }
  }

  private withEnvelope(params: Json): Json {
    if (this.era !== 'modern') return params;
    const meta = (params._meta as Json | undefined) ?? {};
    return {
      ...params,
      _meta: {
        ...meta,
        'io.modelcontextprotocol/protocolVersion': MODERN,
        'io.modelcontextprotocol/clientCapabilities': EXPLORER_CAPABILITIES,
        'io.modelcontextprotocol/clientInfo': CLIENT_INFO,
        'io.modelcontextprotocol/logLevel': 'debug',
      },
    };
  }

  private headers(method?: string, params?: Json): Record<string, string> {
    const headers: Record<string, string> = {
      ...this.extraHeaders(),
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
    };
    if (this.era === 'modern') {
      headers['mcp-protocol-version'] = MODERN;
      if (method) headers['mcp-method'] = method;
      const field = method && NAME_FIELD[method];
      if (field && typeof params?.[field] === 'string')
        headers['mcp-name'] = params[field] as string;
    } else {
      if (this.protocolVersion) headers['mcp-protocol-version'] = this.protocolVersion;
      if (this.sessionId) headers['mcp-session-id'] = this.sessionId;
    }
    return headers;
  }
}

function settle(message: RpcMessage): Json {
  if (message.error)
    throw new RpcError(message.error.code, message.error.message, message.error.data);
  return message.result ?? {};
}

/** The JSON-RPC messages of an SSE response body, as they arrive. */
async function* sseMessages(res: Response): AsyncGenerator<RpcMessage> {
  const reader = res.body!.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = '';
  for (;;) {
    const { value, done } = await reader.read();
    if (done) return;
    buffer += value.replace(/\r\n?/g, '\n');
    let end: number;
    while ((end = buffer.indexOf('\n\n')) >= 0) {
      const event = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      const data = event
        .split('\n')
        .filter((line) => line.startsWith('data:'))
        .map((line) => line.slice(5).replace(/^ /, ''))
        .join('\n');
      if (data) yield JSON.parse(data) as RpcMessage;
    }
  }
}
