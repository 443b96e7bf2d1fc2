import { Subject, type Observable } from 'rxjs';
import { type ClientTransport } from '../../client/client-transport.interface.js';
import { TransportError } from '../../errors/transport.error.js';
import type { JsonRpcMessage } from '../../protocol/json-rpc.js';
import type { McpServerCore as McpServer } from '../../server/mcp-server-core.js';
import type { McpSession } from '../../server/session/mcp-session.js';

/**
 * Connects a client to an McpServer in the same process, with no sockets: each client gets its own
 * server session. For tests of tools and for embedding. Messages are delivered asynchronously
 * (a microtask later), like on a real wire.
 */
export class InMemoryClientTransport implements ClientTransport {
  private readonly messages = new Subject<JsonRpcMessage>();
  private readonly errors = new Subject<Error>();
  private session?: McpSession;

  readonly messages$: Observable<JsonRpcMessage> = this.messages.asObservable();
  readonly errors$: Observable<Error> = this.errors.asObservable();

  constructor(private readonly server: McpServer) {}

  async start(): Promise<void> {
    const session = this.server.createSession(undefined, 'in-memory');
    this.session = session;
    session.outbound$.subscribe({
      next: ({ message }) => queueMicrotask(() => this.messages.next(structuredClone(message))),
      complete: () => queueMicrotask(() => this.messages.complete()),
    });
  }

  async send(message: JsonRpcMessage): Promise<void> {
    const session = this.session;
    if (!session || session.closed)
      throw new TransportError('In-memory transport is not connected', 'closed');
    const copy = structuredClone(message);
    queueMicrotask(() => session.receive(copy, { transport: { kind: 'in-memory' } }));
  }

  async close(): Promise<void> {
    this.session?.close('Client closed');
  }
}
