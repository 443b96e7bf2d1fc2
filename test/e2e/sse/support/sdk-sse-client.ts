import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { SSEClientTransport } from '@modelcontextprotocol/sdk/client/sse.js';
import type { ClientCapabilities } from '@modelcontextprotocol/sdk/types.js';

/** The official SDK client connected over its (deprecated) `SSEClientTransport`. */
export interface SdkSseClient {
  client: Client;
  transport: SSEClientTransport;
  close(): Promise<void>;
}

/** Options of {@link connectSdkSse}. */
export interface SdkSseOptions {
  capabilities?: ClientCapabilities;
  /** Called before `connect`, e.g. to install request handlers. */
  setup?: (client: Client) => void;
  /** Headers on the GET and the POSTs. */
  headers?: Record<string, string>;
}

/** Connects the SDK client to an SSE URL and completes the handshake. */
export async function connectSdkSse(url: URL, options: SdkSseOptions = {}): Promise<SdkSseClient> {
  const client = new Client(
    { name: 'e2e-sdk-sse-client', version: '1.0.0' },
    { capabilities: options.capabilities ?? {} },
  );
  options.setup?.(client);
  // The SDK sends `requestInit.headers` on the GET stream and on every POST.
  const transport = new SSEClientTransport(url, {
    requestInit: options.headers ? { headers: options.headers } : undefined,
  });
  await client.connect(transport);
  let closed = false;
  return {
    client,
    transport,
    async close() {
      if (closed) return;
      closed = true;
      await client.close();
    },
  };
}
