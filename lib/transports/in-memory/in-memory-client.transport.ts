import { Subject, type Observable } from 'rxjs';
import { type ClientTransport } from '../../client/client-transport.interface.js';
import { TransportError } from '../../errors/transport.error.js';
import type { JsonRpcMessage } from '../../protocol/json-rpc.js';
import type { McpServerPort } from '../server-port/mcp-server-port.interface.js';
import type { McpSessionPort } from '../server-port/mcp-session-port.interface.js';
import type { MessageExtra } from '../../engine/session-message.interface.js';

/** What an in-memory client presents as its HTTP request (for guards written for REST). */
export interface InMemoryClientOptions {
  /** Headers every message carries, as an HTTP request would (names are lower-cased). */
  headers?: Readonly<Record<string, string>>;
  /** Put on the request-like object as `user`, as Passport or an auth guard would have. */
  user?: unknown;
}

/**
 * Connects a client to an MCP server in the same process, with no sockets: each client gets its own
 * server session. For tests of tools and for embedding. Messages are delivered asynchronously
 * (a microtask later), like on a real wire.
 */
export class InMemoryClientTransport implements ClientTransport {
  private readonly messages = new Subject<JsonRpcMessage>();
  private readonly errors = new Subject<Error>();
  private session?: McpSessionPort;

  readonly messages$: Observable<JsonRpcMessage> = this.messages.asObservable();
  readonly errors$: Observable<Error> = this.errors.asObservable();

  private readonly headers: Readonly<Record<string, string>>;

  /**
   * @param options headers and a `user` each message carries: guards see them through
   *   `switchToHttp().getRequest()` (a fresh request-like object per message, so a guard setting
   *   `req.user` does not leak into the next call).
   */
  constructor(
    private readonly server: McpServerPort,
    private readonly options: InMemoryClientOptions = {},
  ) {
    this.headers = Object.fromEntries(
      Object.entries(options.headers ?? {}).map(([name, value]) => [name.toLowerCase(), value]),
    );
  }

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
    queueMicrotask(() => session.receive(copy, this.extra()));
  }

  private extra(): MessageExtra {
    const headers = { ...this.headers };
    const request: { headers: typeof headers; user?: unknown } = { headers };
    if (this.options.user !== undefined) request.user = this.options.user;
    return { transport: { kind: 'in-memory', headers, request } };
  }

  async close(): Promise<void> {
    this.session?.close('Client closed', 'disconnected');
  }
}
