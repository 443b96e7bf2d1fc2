import { EventEmitter } from 'node:events';
import type { JsonRpcMessage } from '../../../../lib/protocol/json-rpc.js';
import type { McpServerSocket } from '../../../../lib/transports/websocket/websocket-protocol.js';

/** An in-memory stand-in for a server-side `ws` socket that records what the transport does. */
export class FakeSocket extends EventEmitter implements McpServerSocket {
  readyState = 1;
  bufferedAmount = 0;
  protocol = 'mcp';
  readonly sent: string[] = [];
  pings = 0;
  closedWith?: { code?: number; reason?: string };
  terminated = false;
  /** When true the client reads nothing: every send stays in `bufferedAmount`. */
  stalled = false;

  send(data: string): void {
    this.sent.push(data);
    if (this.stalled) this.bufferedAmount += Buffer.byteLength(data);
  }

  ping(): void {
    this.pings++;
  }

  close(code?: number, reason?: string): void {
    this.closedWith ??= { code, reason };
    this.readyState = 2;
  }

  terminate(): void {
    this.terminated = true;
    this.finish(1006);
  }

  /** The socket finished closing (as `ws` emits it). */
  finish(code = 1000): void {
    if (this.readyState === 3) return;
    this.readyState = 3;
    this.emit('close', code, Buffer.alloc(0));
  }

  /** A text frame from the client. */
  receive(message: unknown): void {
    const text = typeof message === 'string' ? message : JSON.stringify(message);
    this.emit('message', Buffer.from(text), false);
  }

  /** Messages sent so far, parsed. */
  messages(): Array<JsonRpcMessage & Record<string, unknown>> {
    return this.sent.map((s) => JSON.parse(s) as JsonRpcMessage & Record<string, unknown>);
  }
}
