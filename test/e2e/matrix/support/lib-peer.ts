import type { CancellationRecord } from '../../../../sample/07-matrix-stdio/src/matrix.state.js';
import {
  McpClient,
  SseClientTransport,
  StdioClientTransport,
  StreamableHttpClientTransport,
  WebSocketClientTransport,
  type ClientTransport,
  type McpClientOptions,
  type McpLogMessage,
} from '../../../../lib/index.js';
import { waitFor } from '../../support/wait.js';
import type { MatrixServer } from './matrix-server.js';
import { MATRIX_ELICIT_ANSWER, MATRIX_SAMPLING_MODEL, promptText } from './matrix-expectations.js';

/** Our McpClient connected to the matrix server, with what it received. */
export interface LibPeer {
  client: McpClient;
  transport: ClientTransport;
  logs: McpLogMessage[];
  /** Errors the client surfaced on `errors$`. */
  errors: Error[];
  /** Resolves once notifications unrelated to a request can arrive (see `SdkPeer`). */
  notificationsReady(): Promise<void>;
  /** What the server recorded of the `wait_for_cancel` call `key` (`cancellation_status`). */
  readCancellation(key: string): Promise<CancellationRecord>;
  close(): Promise<void>;
}

/** The lib's client transport for the matrix server's transport. */
function libTransport(server: MatrixServer): ClientTransport {
  const { endpoint } = server;
  if (endpoint.kind === 'stdio') return new StdioClientTransport(endpoint);
  switch (server.transport) {
    case 'sse':
      return new SseClientTransport(endpoint.sseUrl);
    case 'websocket':
      return new WebSocketClientTransport(endpoint.wsUrl);
    default:
      return new StreamableHttpClientTransport(endpoint.mcpUrl);
  }
}

/**
 * Connects an McpClient over the lib's own client transport for the transport of `server`,
 * answering sampling and elicitation like the SDK peer does.
 */
export async function connectLibPeer(
  server: MatrixServer,
  options: Partial<McpClientOptions> = {},
): Promise<LibPeer> {
  const transport = libTransport(server);
  const client = new McpClient({
    transport,
    clientInfo: { name: 'matrix-mcp-client', version: '1.0.0' },
    // The session era by default; test/e2e/client-modern runs the 2026-07-28 one.
    versionNegotiation: 'legacy',
    sampling: (params) => {
      const prompt = promptText(params.messages[0]?.content);
      return {
        role: 'assistant',
        content: { type: 'text', text: `echo ${prompt}` },
        model: MATRIX_SAMPLING_MODEL,
      };
    },
    elicitation: () => ({ action: 'accept', content: { ...MATRIX_ELICIT_ANSWER } }),
    ...options,
  });
  const logs: McpLogMessage[] = [];
  const errors: Error[] = [];
  const subscriptions = [
    client.logs$.subscribe((log) => logs.push(log)),
    client.errors$.subscribe((error) => errors.push(error)),
  ];
  await client.connect();
  return {
    client,
    transport,
    logs,
    errors,
    async notificationsReady() {
      if (!(transport instanceof StreamableHttpClientTransport)) return;
      await waitFor(() => transport.hasStandaloneStream, {
        description: 'the standalone GET stream',
      });
    },
    async readCancellation(key) {
      const result = await client.callTool('cancellation_status', { key });
      return result.structuredContent as unknown as CancellationRecord;
    },
    async close() {
      for (const subscription of subscriptions) subscription.unsubscribe();
      await client.close();
    },
  };
}
