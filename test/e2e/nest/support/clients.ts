import { McpError as SdkMcpError } from '@modelcontextprotocol/sdk/types.js';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { McpClient, StreamableHttpClientTransport } from '../../../../lib/index.js';

/** Headers every request of a client carries (e.g. `Authorization`). */
export type ClientHeaders = Record<string, string>;

/** An official SDK client over Streamable HTTP, connected (handshake done). */
export interface SdkPeer {
  client: Client;
  transport: StreamableHTTPClientTransport;
  close(): Promise<void>;
}

/** Connects the official SDK client to `url`. */
export async function connectSdk(url: URL, headers: ClientHeaders = {}): Promise<SdkPeer> {
  const client = new Client({ name: 'nest-e2e-sdk', version: '1.0.0' }, { capabilities: {} });
  const transport = new StreamableHTTPClientTransport(url, { requestInit: { headers } });
  await client.connect(transport);
  return { client, transport, close: () => client.close() };
}

/** Our McpClient over our Streamable HTTP client transport, connected. */
export interface OwnPeer {
  client: McpClient;
  transport: StreamableHttpClientTransport;
  close(): Promise<void>;
}

/** Connects our McpClient to `url` (no standalone GET stream unless asked). */
export async function connectOwn(
  url: URL,
  headers: ClientHeaders = {},
  standaloneStream = false,
): Promise<OwnPeer> {
  const transport = new StreamableHttpClientTransport(url, { headers, standaloneStream });
  const client = new McpClient({
    clientInfo: { name: 'nest-e2e-own', version: '1.0.0' },
    transport,
  });
  await client.connect();
  return { client, transport, close: () => client.close() };
}

/** The text of the first content item of a tool result. */
export function firstText(result: object): string {
  const { content } = result as { content?: Array<{ type: string; text?: string }> };
  const [item] = content ?? [];
  return item?.type === 'text' ? (item.text ?? '') : '';
}

/** Names of listed items, sorted. */
export function names(items: ReadonlyArray<{ name: string }>): string[] {
  return items.map((i) => i.name).sort();
}

/** The JSON-RPC error (the SDK's McpError) a request rejects with; fails the test otherwise. */
export async function rpcError(request: Promise<unknown>): Promise<SdkMcpError> {
  const error = await request.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(SdkMcpError);
  return error as SdkMcpError;
}
