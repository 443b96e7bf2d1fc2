import { TransportError } from '../../../errors/transport.error.js';
import type { McpHttpEndpoint } from './mcp-http-endpoint.js';
import { HeadersProviderError } from './request-headers.js';
import { followSseStream } from './resumable-sse-stream.js';
import type { ResolvedStreamableHttpClientOptions } from './streamable-http-client.options.js';

/** What the standalone stream needs from its transport. */
export interface StandaloneStreamHost {
  endpoint: McpHttpEndpoint;
  options: ResolvedStreamableHttpClientOptions;
  /** Data of one `message` event. */
  deliver(data: string, label: string): void;
  /** A failure that ended the stream. */
  report(error: Error): void;
}

const LABEL = 'the standalone GET stream';

/**
 * The optional standalone `GET` stream of a session, on which the server sends what relates to
 * no request (list changes, resource updates, its own requests when a reply cannot carry them).
 * Reconnects when it drops (with `Last-Event-ID`, after `retry`); a 405 (or a 404 outside a
 * session) means the server offers none, which is fine; other refusals are reported.
 */
export class StandaloneSseStream {
  private controller?: AbortController;
  private connected = false;

  constructor(private readonly host: StandaloneStreamHost) {}

  /** True while a connection is being read. */
  get isConnected(): boolean {
    return this.connected;
  }

  /** Opens the stream unless it is already running. */
  open(): void {
    if (this.controller) return;
    const controller = new AbortController();
    this.controller = controller;
    const { endpoint, options } = this.host;
    followSseStream(undefined, {
      label: LABEL,
      signal: controller.signal,
      reconnection: options.reconnection,
      maxEventBytes: options.maxMessageBytes,
      reconnect: (lastEventId) => endpoint.get(lastEventId, controller.signal),
      onMessage: (data) => this.host.deliver(data, LABEL),
      isDone: () => false,
      reconnectWithoutId: true,
      onConnection: (connected) => {
        if (this.controller === controller) this.connected = connected;
      },
    })
      .catch((error: unknown) => {
        if (controller.signal.aborted || this.isUnsupported(error)) return;
        const reported = error instanceof HeadersProviderError ? error.original : error;
        this.host.report(reported instanceof Error ? reported : new Error(String(reported)));
      })
      .finally(() => {
        if (this.controller === controller) this.reset();
      });
  }

  /** Closes the stream (session reset, transport closed). */
  stop(): void {
    this.controller?.abort();
    this.reset();
  }

  private reset(): void {
    this.controller = undefined;
    this.connected = false;
  }

  private isUnsupported(error: unknown): boolean {
    const status = error instanceof TransportError ? error.status : undefined;
    return status === 405 || (status === 404 && this.host.endpoint.sessionId === undefined);
  }
}
