import { LIST_CHANGED_WINDOW_MS } from '../../../lib/server/registry/list-changed-coalescer.js';
import type {
  JsonRpcErrorObject,
  JsonRpcMessage,
  JsonRpcNotification,
  JsonRpcRequest,
  JsonRpcResponse,
  RequestId,
} from '../../../lib/protocol/json-rpc.js';
import { McpServer } from '../../../lib/server/mcp-server.js';
import type { McpServerOptions } from '../../../lib/server/mcp-server-options.interface.js';
import type { McpSession } from '../../../lib/server/session/mcp-session.js';
import type { OutboundMessage } from '../../../lib/engine/session-message.interface.js';
import type { ProtocolContext } from '../../../lib/protocol/protocol-context.interface.js';

/** A server with a fixed identity; `options` override. */
export function makeServer(options: Partial<McpServerOptions> = {}): McpServer {
  return new McpServer({ name: 'test-server', version: '1.2.3', ...options });
}

/** Waits (macrotask by macrotask) until `probe` returns something, or fails. */
export async function until<T>(probe: () => T | undefined, what = 'condition'): Promise<T> {
  for (let i = 0; i < 200; i++) {
    const value = probe();
    if (value !== undefined) return value;
    await new Promise((resolve) => setImmediate(resolve));
  }
  throw new Error(`timed out waiting for ${what}`);
}

/** Lets pending handlers run to completion. */
export async function settle(): Promise<void> {
  for (let i = 0; i < 10; i++) await new Promise((resolve) => setImmediate(resolve));
}

/**
 * A fake client on one in-memory session: feeds JSON-RPC messages with `session.receive` and
 * records everything on `session.outbound$`.
 */
export class TestClient {
  readonly out: OutboundMessage[] = [];
  private nextId = 1;

  constructor(readonly session: McpSession) {
    session.outbound$.subscribe((m) => this.out.push(m));
  }

  static connect(server: McpServer, id = 's1'): TestClient {
    return new TestClient(server.core.createSession(id, 'in-memory'));
  }

  /** Feeds one raw message. */
  send(message: JsonRpcMessage, protocol?: ProtocolContext): void {
    this.session.receive(message, {
      transport: { kind: 'in-memory' },
      ...(protocol && { protocol }),
    });
  }

  /** Sends a request without waiting; returns its id. */
  start(method: string, params?: Record<string, unknown>, protocol?: ProtocolContext): RequestId {
    const id = this.nextId++;
    const message: JsonRpcRequest = { jsonrpc: '2.0', id, method };
    if (params) message.params = params;
    this.send(message, protocol);
    return id;
  }

  /** The response to request `id`, once it arrived. */
  response(id: RequestId): Promise<JsonRpcResponse> {
    return until(
      () =>
        this.out.find((m) => !('method' in m.message) && m.message.id === id)?.message as
          JsonRpcResponse | undefined,
      `the response to ${id}`,
    );
  }

  /** Sends a request and waits for its response. */
  async request(
    method: string,
    params?: Record<string, unknown>,
    protocol?: ProtocolContext,
  ): Promise<JsonRpcResponse> {
    return this.response(this.start(method, params, protocol));
  }

  /** Sends a request and returns its result (fails on an error response). */
  async result(method: string, params?: Record<string, unknown>): Promise<Record<string, unknown>> {
    const response = await this.request(method, params);
    if ('error' in response) {
      throw new Error(`${method} failed: ${JSON.stringify(response.error)}`);
    }
    return response.result;
  }

  /** Sends a request and returns its error object (fails on a result). */
  async error(method: string, params?: Record<string, unknown>): Promise<JsonRpcErrorObject> {
    const response = await this.request(method, params);
    if (!('error' in response)) {
      throw new Error(`${method} unexpectedly succeeded: ${JSON.stringify(response.result)}`);
    }
    return response.error;
  }

  /** Sends a notification. */
  notify(method: string, params?: Record<string, unknown>): void {
    const message: JsonRpcNotification = { jsonrpc: '2.0', method };
    if (params) message.params = params;
    this.send(message);
  }

  /** Runs the handshake (initialize + notifications/initialized); returns the initialize result. */
  async initialize(
    capabilities: Record<string, unknown> = {},
    protocolVersion: unknown = '2025-11-25',
  ): Promise<Record<string, unknown>> {
    const result = await this.result('initialize', {
      protocolVersion,
      capabilities,
      clientInfo: { name: 'test-client', version: '0.0.1' },
    });
    this.notify('notifications/initialized');
    return result;
  }

  /** Notifications the server sent, optionally of one method. */
  notifications(method?: string): OutboundMessage[] {
    return this.out.filter(
      (m) =>
        'method' in m.message && !('id' in m.message) && (!method || m.message.method === method),
    );
  }

  /** Params of the notifications of one method. */
  notificationParams(method: string): Array<Record<string, unknown> | undefined> {
    return this.notifications(method).map((m) => (m.message as JsonRpcNotification).params);
  }

  /** Requests the server sent to the client, optionally of one method. */
  serverRequests(method?: string): Array<OutboundMessage & { message: JsonRpcRequest }> {
    return this.out.filter(
      (m): m is OutboundMessage & { message: JsonRpcRequest } =>
        'method' in m.message && 'id' in m.message && (!method || m.message.method === method),
    );
  }

  /** Waits for the server's next request of `method`. */
  serverRequest(method: string): Promise<OutboundMessage & { message: JsonRpcRequest }> {
    return until(() => this.serverRequests(method)[0], `a ${method} request`);
  }

  /** Answers a server request with a result. */
  respond(id: RequestId, result: Record<string, unknown>): void {
    this.send({ jsonrpc: '2.0', id, result });
  }

  /** Answers a server request with an error. */
  respondError(id: RequestId, error: JsonRpcErrorObject): void {
    this.send({ jsonrpc: '2.0', id, error });
  }
}

/** Waits past one `list_changed` coalescing window (the trailing announcement is out then). */
export const listChangedWindow = () =>
  new Promise<void>((resolve) => setTimeout(resolve, LIST_CHANGED_WINDOW_MS + 20));
