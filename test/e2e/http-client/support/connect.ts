import { McpClient } from '../../../../lib/client/mcp-client.js';
import type { McpClientOptions } from '../../../../lib/client/mcp-client-options.interface.js';
import { StreamableHttpClientTransport } from '../../../../lib/transports/http/client/streamable-http-client.transport.js';
import type { StreamableHttpClientOptions } from '../../../../lib/transports/http/client/streamable-http-client.options.js';

/** An McpClient over our Streamable HTTP transport, with what its transport reported. */
export interface HttpTestClient {
  client: McpClient;
  transport: StreamableHttpClientTransport;
  /** Everything `errors$` emitted. */
  errors: Error[];
  close(): Promise<void>;
}

/** Options of {@link createHttpClient}: client options without the transport, plus transport options. */
export interface HttpTestClientOptions extends Omit<McpClientOptions, 'transport'> {
  http?: StreamableHttpClientOptions;
}

/** Builds (does not connect) a client on `url`; records transport errors. */
export function createHttpClient(
  url: URL | string,
  options: HttpTestClientOptions = {},
): HttpTestClient {
  const { http, ...clientOptions } = options;
  const transport = new StreamableHttpClientTransport(url, http);
  const client = new McpClient({
    clientInfo: { name: 'http-client-e2e', version: '1.0.0' },
    // These specs test the session era (sessions, server requests, subscriptions, DELETE).
    versionNegotiation: 'legacy',
    ...clientOptions,
    transport,
  });
  const errors: Error[] = [];
  client.errors$.subscribe((error) => errors.push(error));
  return { client, transport, errors, close: () => client.close() };
}

/** Builds and connects a client. */
export async function connectHttpClient(
  url: URL | string,
  options: HttpTestClientOptions = {},
): Promise<HttpTestClient> {
  const peer = createHttpClient(url, options);
  await peer.client.connect();
  return peer;
}
