import type { CancellationRecord } from '../../../../sample/07-matrix-stdio/src/matrix.state.js';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { SSEClientTransport } from '@modelcontextprotocol/sdk/client/sse.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { WebSocketClientTransport } from '@modelcontextprotocol/sdk/client/websocket.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import {
  CreateMessageRequestSchema,
  ElicitRequestSchema,
  LoggingMessageNotificationSchema,
  ResourceUpdatedNotificationSchema,
  type LoggingMessageNotification,
} from '@modelcontextprotocol/sdk/types.js';
import type { MatrixServer } from './matrix-server.js';
import { MATRIX_ELICIT_ANSWER, MATRIX_SAMPLING_MODEL, promptText } from './matrix-expectations.js';
import { WireTap } from './wire-tap.js';

/** The official SDK client connected to the matrix server, with what it received. */
export interface SdkPeer {
  client: Client;
  /** Every message both ways, as the SDK transport delivered it. */
  tap: WireTap;
  logs: LoggingMessageNotification['params'][];
  /** URIs of `notifications/resources/updated`. */
  updates: string[];
  /** Prompts the server sent to the model (sampling). */
  sampled: string[];
  /** Messages of the server's elicitation requests. */
  elicited: string[];
  /** What the SDK reported through `onerror` (e.g. progress for a finished request). */
  errors: Error[];
  /**
   * Resolves once notifications unrelated to a request can arrive: over Streamable HTTP when the
   * standalone GET stream is open, at once elsewhere.
   */
  notificationsReady: Promise<void>;
  /** What the server recorded of the `wait_for_cancel` call `key` (`cancellation_status`). */
  readCancellation(key: string): Promise<CancellationRecord>;
  close(): Promise<void>;
}

/** The SDK client transport for the matrix server's transport. */
function sdkTransport(server: MatrixServer): { transport: Transport; ready: Promise<void> } {
  const { endpoint } = server;
  if (endpoint.kind === 'stdio') {
    const transport = new StdioClientTransport({ ...endpoint, stderr: 'pipe' });
    // Drained, so a chatty server cannot block on a full stderr pipe.
    transport.stderr?.on('data', () => undefined);
    return { transport, ready: Promise.resolve() };
  }
  switch (server.transport) {
    case 'sse':
      return { transport: new SSEClientTransport(endpoint.sseUrl), ready: Promise.resolve() };
    case 'websocket':
      return { transport: new WebSocketClientTransport(endpoint.wsUrl), ready: Promise.resolve() };
    default: {
      let opened!: () => void;
      const ready = new Promise<void>((resolve) => (opened = resolve));
      const watchingFetch = async (url: string | URL, init?: RequestInit) => {
        const response = await fetch(url, init);
        if ((init?.method ?? 'GET') === 'GET' && response.ok) opened();
        return response;
      };
      const transport = new StreamableHTTPClientTransport(endpoint.mcpUrl, {
        fetch: watchingFetch,
      });
      return { transport, ready };
    }
  }
}

/**
 * Connects `@modelcontextprotocol/sdk`'s `Client` over the transport of `server`, declaring
 * sampling and form elicitation, and records logs, resource updates and server requests.
 */
export async function connectSdkPeer(server: MatrixServer): Promise<SdkPeer> {
  const { transport, ready } = sdkTransport(server);
  const tap = new WireTap(transport);
  const peer: Omit<SdkPeer, 'close' | 'readCancellation'> = {
    client: new Client(
      { name: 'matrix-sdk-client', version: '1.0.0' },
      { capabilities: { sampling: {}, elicitation: { form: {} } } },
    ),
    tap,
    logs: [],
    updates: [],
    sampled: [],
    elicited: [],
    errors: [],
    notificationsReady: ready,
  };
  const { client } = peer;
  client.onerror = (error) => void peer.errors.push(error);
  client.setNotificationHandler(LoggingMessageNotificationSchema, (notification) => {
    peer.logs.push(notification.params);
  });
  client.setNotificationHandler(ResourceUpdatedNotificationSchema, (notification) => {
    peer.updates.push(notification.params.uri);
  });
  client.setRequestHandler(CreateMessageRequestSchema, (request) => {
    const prompt = promptText(request.params.messages[0]?.content);
    peer.sampled.push(prompt);
    return {
      role: 'assistant',
      content: { type: 'text', text: `echo ${prompt}` },
      model: MATRIX_SAMPLING_MODEL,
    };
  });
  client.setRequestHandler(ElicitRequestSchema, (request) => {
    peer.elicited.push(request.params.message);
    return { action: 'accept', content: { ...MATRIX_ELICIT_ANSWER } };
  });
  await client.connect(tap);
  let closed = false;
  return {
    ...peer,
    async readCancellation(key) {
      const result = await client.callTool({ name: 'cancellation_status', arguments: { key } });
      return result.structuredContent as unknown as CancellationRecord;
    },
    async close() {
      if (closed) return;
      closed = true;
      await client.close();
    },
  };
}
