import { Subject } from 'rxjs';
import type { ClientTransport } from '../../../lib/client/client-transport.interface.js';
import type {
  JsonRpcMessage,
  JsonRpcRequest,
  JsonRpcResponse,
} from '../../../lib/protocol/json-rpc.js';

/** What the scripted server answers to one request: a result, or nothing (the test answers). */
export type Script = (request: JsonRpcRequest) => Record<string, unknown> | undefined;

const INITIALIZE_RESULT = {
  protocolVersion: '2025-11-25',
  capabilities: { tools: {} },
  serverInfo: { name: 'scripted', version: '1.0.0' },
};

/**
 * A ClientTransport whose "server" (a legacy one: `server/discover` is -32601) answers
 * `initialize` and then whatever `script` returns; it records every message the client sent and
 * can send requests to the client.
 */
export class ScriptedTransport implements ClientTransport {
  readonly messages$ = new Subject<JsonRpcMessage>();
  readonly errors$ = new Subject<Error>();
  readonly sent: JsonRpcMessage[] = [];
  private readonly answers = new Map<string | number, (response: JsonRpcResponse) => void>();

  constructor(private readonly script: Script = () => ({})) {}

  async start(): Promise<void> {}

  async send(message: JsonRpcMessage): Promise<void> {
    this.sent.push(message);
    if ('method' in message && 'id' in message && message.method === 'server/discover') {
      const error = { code: -32601, message: 'Method not found' };
      this.reply({ jsonrpc: '2.0', id: message.id, error });
    } else if ('method' in message && 'id' in message) {
      const result = message.method === 'initialize' ? INITIALIZE_RESULT : this.script(message);
      if (result) this.reply({ jsonrpc: '2.0', id: message.id, result });
    } else if ('id' in message) {
      if (message.id !== null && message.id !== undefined) this.answers.get(message.id)?.(message);
    }
  }

  async close(): Promise<void> {
    this.messages$.complete();
  }

  /** Sends a server → client request and resolves with the client's response. */
  ask(id: number, method: string, params?: Record<string, unknown>): Promise<JsonRpcResponse> {
    return new Promise((resolve) => {
      this.answers.set(id, resolve);
      this.reply({ jsonrpc: '2.0', id, method, ...(params ? { params } : {}) });
    });
  }

  /** Sends a server → client notification. */
  notify(method: string, params?: Record<string, unknown>): void {
    this.reply({ jsonrpc: '2.0', method, ...(params ? { params } : {}) });
  }

  /** The requests the client sent, without the handshake. */
  requests(): JsonRpcRequest[] {
    return this.sent.filter(
      (m): m is JsonRpcRequest =>
        'method' in m && 'id' in m && m.method !== 'initialize' && m.method !== 'server/discover',
    );
  }

  private reply(message: JsonRpcMessage): void {
    queueMicrotask(() => this.messages$.next(message));
  }
}
