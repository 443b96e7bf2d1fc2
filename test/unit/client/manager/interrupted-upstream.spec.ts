import { Subject, type Observable } from 'rxjs';
import type { ClientTransport } from '../../../../lib/client/client-transport.interface.js';
import { McpClientManager } from '../../../../lib/client/manager/mcp-client-manager.js';
import {
  errorResponse,
  isJsonRpcRequest,
  type JsonRpcMessage,
} from '../../../../lib/protocol/json-rpc.js';
import { McpServer } from '../../../../lib/server/mcp-server.js';
import { InMemoryClientTransport } from '../../../../lib/transports/in-memory/in-memory-client.transport.js';

/**
 * An in-memory transport that plays a connection re-established by the transport itself (as the
 * broker transports do): `interrupt(true | false)` emits on `interrupted$`; while `refusing`,
 * each request is answered with an error, as a service not back yet would fail it.
 */
class Interruptible implements ClientTransport {
  private readonly interruptions = new Subject<boolean>();
  private readonly refusals = new Subject<JsonRpcMessage>();
  readonly interrupted$ = this.interruptions.asObservable();
  readonly messages$: Observable<JsonRpcMessage>;
  readonly errors$: Observable<Error>;
  refusing = false;
  starts = 0;

  constructor(private readonly inner: InMemoryClientTransport) {
    this.errors$ = inner.errors$;
    this.messages$ = new Subject<JsonRpcMessage>();
    const out = this.messages$ as Subject<JsonRpcMessage>;
    inner.messages$.subscribe({ next: (m) => out.next(m), complete: () => out.complete() });
    this.refusals.subscribe((m) => out.next(m));
  }

  start(): Promise<void> {
    this.starts += 1;
    return this.inner.start();
  }

  async send(message: JsonRpcMessage): Promise<void> {
    if (this.refusing && isJsonRpcRequest(message)) {
      const refusal = errorResponse(message.id, { code: -32603, message: 'service not back' });
      queueMicrotask(() => this.refusals.next(refusal));
      return;
    }
    return this.inner.send(message);
  }

  interrupt(down: boolean): void {
    this.interruptions.next(down);
  }

  close(): Promise<void> {
    return this.inner.close();
  }
}

/** Polls `check` until true (the manager's retries run on timers of a few ms). */
async function until(check: () => boolean, what: string): Promise<void> {
  for (let i = 0; i < 500 && !check(); i++) await new Promise((r) => setTimeout(r, 10));
  if (!check()) throw new Error(`not reached: ${what}`);
}

function setup() {
  const server = new McpServer({ name: 'svc', version: '1.0.0' });
  server.registerTool({ name: 'echo' }, () => 'x');
  let transport: Interruptible | undefined;
  const manager = new McpClientManager({
    mcpServers: { svc: { url: 'http://unused.invalid/mcp' } },
    transport: () => (transport = new Interruptible(new InMemoryClientTransport(server.core))),
    reconnect: { initialDelayMs: 10, maxDelayMs: 20 },
    pingIntervalMs: 0,
  });
  return { manager, transport: () => transport! };
}

describe('McpClientManager with a transport that reconnects on its own', () => {
  it("shows the server 'reconnecting' while its connection is down, out of the aggregate, and ready again with the same client", async () => {
    const { manager, transport } = setup();
    await manager.connect();
    const client = manager.get('svc');
    expect(manager.status('svc').state).toBe('ready');
    expect(manager.aggregate.tools.map((t) => t.descriptor.name)).toEqual(['svc__echo']);

    transport().interrupt(true);
    expect(manager.status('svc').state).toBe('reconnecting');
    expect(manager.status('svc').lastError?.message).toMatch(/connection to the broker was lost/);
    expect(manager.aggregate.tools).toEqual([]);
    await expect(manager.callTool('svc__echo')).rejects.toThrow(/"svc" is reconnecting/);

    // Back, but the server does not answer yet: still reconnecting, lists asked for again.
    transport().refusing = true;
    transport().interrupt(false);
    await until(() => manager.status('svc').failures >= 2, 'a refused resume');
    expect(manager.status('svc').state).toBe('reconnecting');
    transport().refusing = false;
    await until(() => manager.status('svc').state === 'ready', 'ready again');
    expect(manager.get('svc') === client).toBe(true); // (a failing toBe would format two clients)
    expect(transport().starts).toBe(1);
    expect(manager.aggregate.tools.map((t) => t.descriptor.name)).toEqual(['svc__echo']);
    expect(manager.status('svc').failures).toBe(0);
    await manager.close();
  });
});
