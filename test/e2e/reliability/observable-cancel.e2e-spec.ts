import {
  McpClient,
  McpServer,
  StreamableHttpClientTransport,
  WebSocketClientTransport,
  type ClientTransport,
} from '../../../lib/index.js';
import { waitFor, within } from '../support/wait.js';
import {
  ReliabilityTools,
  startReliabilityApp,
  type ReliabilityApp,
} from './support/reliability-app.js';

/**
 * Defect 7 of issue 11: with the abort listener that unsubscribes an Observable tool handler
 * removed, every suite stayed green. Here the client cancels a call to a tool whose Observable
 * never completes; the server must unsubscribe it (its teardown runs).
 */
describe('Cancelling a call unsubscribes the Observable handler', () => {
  let server: ReliabilityApp;
  let tools: ReliabilityTools;

  beforeAll(async () => {
    server = await startReliabilityApp();
    tools = server.app.get(ReliabilityTools);
  });

  afterAll(async () => {
    await server.close();
  });

  const transports: Array<[string, () => ClientTransport]> = [
    ['Streamable HTTP', () => new StreamableHttpClientTransport(new URL('/mcp', server.origin))],
    [
      'WebSocket',
      () => new WebSocketClientTransport(new URL('/ws', server.origin.replace('http', 'ws'))),
    ],
  ];

  it.each(transports)('over %s', async (_label, transport) => {
    tools.resetEndless();
    const client = new McpClient({ transport: transport() });
    await client.connect();
    try {
      const abort = new AbortController();
      const call = client.callTool('endless', {}, { signal: abort.signal });
      await waitFor(() => tools.endlessEmitted >= 3, { description: 'the Observable to emit' });
      abort.abort(new Error('user cancelled'));
      await expect(call).rejects.toThrow();
      await within(tools.endlessTornDown, 5000, 'the Observable to be unsubscribed');
      // The cancelled call settled on the server too: nothing counts it as in flight any more
      // (else a shutdown would wait the whole drain window for it).
      await waitFor(() => server.app.get(McpServer).stats().inFlight === 0, {
        description: 'no request in flight',
      });
    } finally {
      await client.close();
    }
  });
});
