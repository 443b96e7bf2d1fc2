import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { Notification } from '@modelcontextprotocol/sdk/types.js';
import { connectSdk, type SdkPeer } from '../websocket/support/sdk-client.js';
import { waitFor } from '../support/wait.js';

/** An SDK client (HTTP or WebSocket) recording every notification it receives. */
export interface Peer {
  client: Client;
  received: Notification[];
  sessionId: string | undefined;
  /** Waits until a notification with `method` (and matching `test`) arrived. */
  waitFor(method: string, test?: (n: Notification) => boolean): Promise<Notification>;
  close(): Promise<void>;
}

function recorder(client: Client): Notification[] {
  const received: Notification[] = [];
  client.fallbackNotificationHandler = async (n) => void received.push(n);
  return received;
}

function peerOf(
  client: Client,
  received: Notification[],
  sessionId: () => string | undefined,
  close: () => Promise<void>,
): Peer {
  return {
    client,
    received,
    get sessionId() {
      return sessionId();
    },
    waitFor: (method, test = () => true) =>
      waitFor(() => received.find((n) => n.method === method && test(n)), {
        description: `${method} notification`,
      }),
    close,
  };
}

/** Connects over Streamable HTTP as `user` (`x-user` header) and waits for the GET stream. */
export async function connectHttp(url: URL, user?: string): Promise<Peer> {
  let opened!: () => void;
  const standalone = new Promise<void>((resolve) => (opened = resolve));
  const fetchOpen: typeof fetch = async (input, init) => {
    const response = await fetch(input, init);
    if ((init?.method ?? 'GET') === 'GET' && response.ok) opened();
    return response;
  };
  const client = new Client(
    { name: `sdk-${user ?? 'anon'}`, version: '1.0.0' },
    { capabilities: { roots: { listChanged: true } } },
  );
  const received = recorder(client);
  const transport = new StreamableHTTPClientTransport(url, {
    fetch: fetchOpen,
    ...(user !== undefined && { requestInit: { headers: { 'x-user': user } } }),
  });
  await client.connect(transport);
  await standalone;
  return peerOf(
    client,
    received,
    () => transport.sessionId,
    () => client.close(),
  );
}

/** Connects over WebSocket. */
export async function connectWs(url: URL): Promise<Peer> {
  let received: Notification[] = [];
  const peer: SdkPeer = await connectSdk(url, {
    setup: (client) => (received = recorder(client)),
  });
  return peerOf(
    peer.client,
    received,
    () => undefined,
    () => peer.close(),
  );
}
