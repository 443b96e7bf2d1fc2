import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { ClientCapabilities } from '@modelcontextprotocol/sdk/types.js';

/** One HTTP exchange the SDK client made, as seen on the wire. */
export interface WireRecord {
  method: string;
  status: number;
  contentType: string | null;
  /** JSON-RPC method of a POST body (`'response'` for client answers). */
  rpcMethod?: string;
  /** `Last-Event-ID` the request carried (resumptions). */
  lastEventId?: string;
}

/** An SDK client connected over Streamable HTTP, with a record of its HTTP traffic. */
export interface TestClient {
  client: Client;
  transport: StreamableHTTPClientTransport;
  wire: WireRecord[];
  /** Resolves once the standalone GET stream is open (server-initiated notifications arrive there). */
  standaloneStream: Promise<void>;
  close(): Promise<void>;
}

export interface ConnectOptions {
  capabilities?: ClientCapabilities;
  /** Called before `connect`, e.g. to install request handlers. */
  setup?: (client: Client) => void;
  /** The fetch the transport uses underneath the recording (e.g. one that drops a stream). */
  fetch?: typeof fetch;
}

function rpcMethodOf(body: unknown): string | undefined {
  if (typeof body !== 'string') return undefined;
  try {
    const message = JSON.parse(body) as { method?: string };
    return message.method ?? 'response';
  } catch {
    return undefined;
  }
}

/** Connects the official SDK client to `url` and completes the handshake. */
export async function connectClient(url: URL, options: ConnectOptions = {}): Promise<TestClient> {
  const wire: WireRecord[] = [];
  let standaloneOpened!: () => void;
  const standaloneStream = new Promise<void>((resolve) => (standaloneOpened = resolve));
  const recordingFetch: typeof fetch = async (input, init) => {
    const response = await (options.fetch ?? fetch)(input, init);
    const method = init?.method ?? 'GET';
    wire.push({
      method,
      status: response.status,
      contentType: response.headers.get('content-type'),
      rpcMethod: method === 'POST' ? rpcMethodOf(init?.body) : undefined,
      lastEventId: new Headers(init?.headers).get('last-event-id') ?? undefined,
    });
    if (method === 'GET' && response.ok) standaloneOpened();
    return response;
  };
  const client = new Client(
    { name: 'e2e-client', version: '1.0.0' },
    { capabilities: options.capabilities ?? {} },
  );
  options.setup?.(client);
  const transport = new StreamableHTTPClientTransport(url, { fetch: recordingFetch });
  await client.connect(transport);
  let closed = false;
  return {
    client,
    transport,
    wire,
    standaloneStream,
    async close() {
      if (closed) return;
      closed = true;
      await client.close();
    },
  };
}
