import type {
  Transport,
  TransportSendOptions,
} from '@modelcontextprotocol/sdk/shared/transport.js';
import type { JSONRPCMessage, MessageExtraInfo } from '@modelcontextprotocol/sdk/types.js';

/** The fields of a JSON-RPC message the matrix looks at. */
export interface TappedMessage {
  id?: string | number;
  method?: string;
  params?: Record<string, unknown> & { progressToken?: string | number };
  result?: Record<string, unknown>;
}

/**
 * A pass-through SDK `Transport` that records every message both ways, delivering each one
 * synchronously as the wrapped transport does (timing is unchanged). It shows what crossed the
 * wire even where the SDK client drops a message (typescript-sdk#2580).
 */
export class WireTap implements Transport {
  /** Messages the server sent, in arrival order. */
  readonly received: TappedMessage[] = [];
  /** Messages the client sent, in order. */
  readonly sent: TappedMessage[] = [];

  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: <T extends JSONRPCMessage>(message: T, extra?: MessageExtraInfo) => void;

  constructor(readonly inner: Transport) {}

  /** The wrapped transport's session (Streamable HTTP), so the SDK sees it as it would. */
  get sessionId(): string | undefined {
    return this.inner.sessionId;
  }

  start(): Promise<void> {
    this.inner.onmessage = (message, extra) => {
      this.received.push(message as TappedMessage);
      this.onmessage?.(message, extra);
    };
    this.inner.onerror = (error) => this.onerror?.(error);
    this.inner.onclose = () => this.onclose?.();
    return this.inner.start();
  }

  send(message: JSONRPCMessage, options?: TransportSendOptions): Promise<void> {
    this.sent.push(message as TappedMessage);
    return this.inner.send(message, options);
  }

  close(): Promise<void> {
    return this.inner.close();
  }

  setProtocolVersion(version: string): void {
    this.inner.setProtocolVersion?.(version);
  }

  /** The `initialize` result the server sent. */
  initializeResult(): Record<string, unknown> | undefined {
    const request = this.sent.find((m) => m.method === 'initialize');
    return this.received.find((m) => m.id === request?.id && m.result)?.result;
  }

  /** The request the client sent for `tools/call` of `tool` whose arguments match `args`. */
  toolCall(tool: string, args: Record<string, unknown>): TappedMessage | undefined {
    return this.sent.find((m) => {
      if (m.method !== 'tools/call' || m.params?.name !== tool) return false;
      const sentArgs = (m.params.arguments ?? {}) as Record<string, unknown>;
      return Object.entries(args).every(([key, value]) => sentArgs[key] === value);
    });
  }

  /** Request ids of the `notifications/cancelled` the client sent, in order. */
  cancelledRequestIds(): Array<string | number | undefined> {
    return this.sent
      .filter((m) => m.method === 'notifications/cancelled')
      .map((m) => m.params?.requestId as string | number | undefined);
  }

  /**
   * Progress values the server sent for `request` before its response, in arrival order (all of
   * them when the response has not arrived).
   */
  progressBeforeResponse(request: TappedMessage | undefined): number[] {
    const meta = request?.params?._meta as { progressToken?: string | number } | undefined;
    const token = meta?.progressToken;
    const response = this.received.findIndex((m) => m.id === request?.id && !m.method);
    const before = response === -1 ? this.received : this.received.slice(0, response);
    return before
      .filter((m) => m.method === 'notifications/progress' && m.params?.progressToken === token)
      .map((m) => m.params?.progress as number);
  }
}
