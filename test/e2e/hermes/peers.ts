import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { Notification } from '@modelcontextprotocol/sdk/types.js';
import {
  connectSdk,
  provideGlobalWebSocket,
  type SdkPeer,
} from '../websocket/support/sdk-client.js';
import { startHermesApp, type HermesApp } from './hermes-app.js';
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

/** The Hermes app of a describe block and the peers its tests open. */
export interface HermesSuite {
  /** The app booted by the block's `beforeAll`. */
  readonly app: HermesApp;
  /** Awaits a peer and closes it after the test that opened it. */
  open(peer: Promise<Peer>): Promise<Peer>;
}

/**
 * Boots one Hermes app for the calling describe block (with the global WebSocket the SDK's
 * WebSocket transport needs), closes the peers each test opened after it, and the app after all.
 */
export function useHermesApp(): HermesSuite {
  let app: HermesApp | undefined;
  let restoreGlobal: (() => void) | undefined;
  const peers: Peer[] = [];

  beforeAll(async () => {
    restoreGlobal = provideGlobalWebSocket();
    app = await startHermesApp();
  });
  afterEach(async () => {
    await Promise.all(peers.splice(0).map((p) => p.close()));
  });
  afterAll(async () => {
    await app?.close();
    restoreGlobal?.();
  });

  return {
    get app() {
      if (!app) throw new Error('the Hermes app is booted in beforeAll');
      return app;
    },
    async open(peer) {
      const p = await peer;
      peers.push(p);
      return p;
    },
  };
}
