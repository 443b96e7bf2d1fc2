import { Subject, type Observable } from 'rxjs';
import { type ClientTransport } from '../../client/client-transport.interface.js';
import { TransportError } from '../../errors/transport.error.js';
import { isJsonRpcRequest, type JsonRpcMessage } from '../../protocol/json-rpc.js';
import type { McpServerPort } from '../server-port/mcp-server-port.interface.js';
import type { McpSessionPort } from '../server-port/mcp-session-port.interface.js';
import type { MessageExtra } from '../../engine/session-message.interface.js';
import {
  inMemoryRefusal,
  type InMemoryAdmission,
  type InMemoryRequest,
} from './in-memory-admission.js';

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
 * (a microtask later), like on a real wire; with an `admission` each request is checked first, as
 * an HTTP endpoint's auth would check it (a refusal is the request's JSON-RPC error).
 */
export class InMemoryClientTransport implements ClientTransport {
  private readonly messages = new Subject<JsonRpcMessage>();
  private readonly errors = new Subject<Error>();
  private session?: McpSessionPort;
  /** The last message being checked (`admission.authorize`): the next one waits for it. */
  private checked: Promise<void> = Promise.resolve();

  readonly messages$: Observable<JsonRpcMessage> = this.messages.asObservable();
  readonly errors$: Observable<Error> = this.errors.asObservable();

  private readonly headers: Readonly<Record<string, string>>;

  /**
   * @param options headers and a `user` each message carries: guards see them through
   *   `switchToHttp().getRequest()` (a fresh request-like object per message, so a guard setting
   *   `req.user` does not leak into the next call).
   * @param admission the session's principal and the check of each request, as an HTTP
   *   endpoint's auth would do them (`createMcpTestClient` sets it from the module's `auth`).
   */
  constructor(
    private readonly server: McpServerPort,
    private readonly options: InMemoryClientOptions = {},
    private readonly admission: InMemoryAdmission = {},
  ) {
    this.headers = Object.fromEntries(
      Object.entries(options.headers ?? {}).map(([name, value]) => [name.toLowerCase(), value]),
    );
  }

  async start(): Promise<void> {
    const { principal } = this.admission;
    const session = this.server.createSession(
      undefined,
      'in-memory',
      principal === undefined ? undefined : { principal },
    );
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
    const { authorize } = this.admission;
    if (!authorize) {
      queueMicrotask(() => session.receive(copy, extraOf(this.request())));
      return;
    }
    this.checked = this.checked.then(() => this.admit(session, copy, authorize));
  }

  /** Delivers `message` once `authorize` let it through, else answers the refusal. */
  private async admit(
    session: McpSessionPort,
    message: JsonRpcMessage,
    authorize: NonNullable<InMemoryAdmission['authorize']>,
  ): Promise<void> {
    const request = this.request();
    if (isJsonRpcRequest(message)) {
      try {
        await authorize(request, [message]);
      } catch (error) {
        this.messages.next(inMemoryRefusal(message.id, error, this.server));
        return;
      }
    }
    session.receive(message, extraOf(request));
  }

  /** A fresh request-like object for one message. */
  private request(): InMemoryRequest {
    const request: InMemoryRequest = { headers: { ...this.headers } };
    if (this.options.user !== undefined) request.user = this.options.user;
    this.admission.prepare?.(request);
    return request;
  }

  async close(): Promise<void> {
    this.session?.close('Client closed', 'disconnected');
  }
}

/**
 * What the server gets with a message: the request-like object, its headers, and the same object
 * as `raw` (what `@McpRequest()` and a request-scoped provider's `REQUEST` are over HTTP).
 */
function extraOf(request: InMemoryRequest): MessageExtra {
  return { transport: { kind: 'in-memory', headers: request.headers, request, raw: request } };
}
