import { merge, Subject, type Observable } from 'rxjs';
import { map } from 'rxjs/operators';
import type { JsonRpcNotification, JsonRpcRequest, RequestId } from '../protocol/json-rpc.js';
import { McpError } from '../errors/mcp.error.js';
import { capabilityGate, deriveCapabilities } from './capabilities.js';
import type { RequestScope, ServerNotifier } from './context/request-scope.interface.js';
import { toMcpError } from './errors/to-mcp-error.js';
import { createMethodTable } from './handlers/method-table.js';
import type { MethodHandler } from './handlers/method-handler.interface.js';
import type { McpServerOptions } from './mcp-server-options.interface.js';
import { OrderedRegistry } from './registry/ordered-registry.js';
import type {
  PromptHandler,
  PromptOptions,
  ResourceHandler,
  ResourceOptions,
  ResourceTemplateHandler,
  ResourceTemplateOptions,
  ToolHandler,
  ToolOptions,
} from './registry/definitions.interface.js';
import { compilePrompt, type RegisteredPrompt } from './registry/registered-prompt.js';
import {
  compileResource,
  compileResourceTemplate,
  type RegisteredResource,
  type RegisteredResourceTemplate,
} from './registry/registered-resource.js';
import { compileTool, type RegisteredTool } from './registry/registered-tool.js';
import { SchemaCompiler } from './schema/schema-compiler.js';
import { McpSession, type SessionHost } from './session/mcp-session.js';
import { type MessageExtra } from '../engine/session-message.interface.js';
import type { TransportInfo } from '../engine/transport-info.interface.js';
import { InMemoryMessageBus } from '../stores/in-memory-message-bus.js';
import type { McpBusEvent, MessageBus } from '../stores/message-bus.interface.js';
import { UriTemplateIndex } from './uri-template/uri-template-index.js';

type Described = Readonly<Record<string, unknown>>;
const describe = (item: { descriptor: Described }) => item.descriptor;

/** A notification a client sent (roots changed, initialized, ...), with its session. */
export interface ClientNotificationEvent {
  session: McpSession;
  notification: JsonRpcNotification;
}

/**
 * The protocol server: registries of tools, prompts, resources and templates (compiled once),
 * the method table, live sessions and server-wide notifications. Framework-free; the Nest module
 * fills it from decorators and transports feed it sessions. Also the runtime registration API.
 */
export class McpServer implements SessionHost, ServerNotifier {
  /** Registered tools by name. */
  readonly tools = new OrderedRegistry<RegisteredTool, Described>('tool', describe);
  /** Registered prompts by name. */
  readonly prompts = new OrderedRegistry<RegisteredPrompt, Described>('prompt', describe);
  /** Registered fixed resources by URI. */
  readonly resources = new OrderedRegistry<RegisteredResource, Described>('resource', describe);
  /** Registered resource templates by URI template. */
  readonly resourceTemplates = new OrderedRegistry<RegisteredResourceTemplate, Described>(
    'resource template',
    describe,
  );
  /** Compiles schemas once for every registration. */
  readonly compiler = new SchemaCompiler();
  /** Page size of list results. */
  readonly pageSize: number;
  /** Timeout of server-to-client requests. */
  readonly requestTimeoutMs: number;

  private readonly methods = createMethodTable();
  private readonly templateIndex = new UriTemplateIndex<RegisteredResourceTemplate>();
  private readonly sessions = new Set<McpSession>();
  private readonly clientNotifications = new Subject<ClientNotificationEvent>();
  private capabilities?: Record<string, unknown>;
  private readonly unsubscribeBus: () => void;

  /** Notifications clients send (e.g. `notifications/roots/list_changed`). */
  readonly clientNotifications$: Observable<ClientNotificationEvent> =
    this.clientNotifications.asObservable();

  constructor(
    readonly options: McpServerOptions,
    private readonly bus: MessageBus = new InMemoryMessageBus(),
  ) {
    this.pageSize = options.pageSize ?? 100;
    this.requestTimeoutMs = options.requestTimeoutMs ?? 60_000;
    this.unsubscribeBus = bus.subscribe((event) => this.deliver(event));
    const kinds = { tools: this.tools, prompts: this.prompts, resources: this.resources };
    merge(
      ...Object.entries(kinds).map(([kind, registry]) =>
        registry.changes$.pipe(map(() => kind as 'tools' | 'prompts' | 'resources')),
      ),
      this.resourceTemplates.changes$.pipe(map(() => 'resources' as const)),
    ).subscribe((kind) => {
      this.capabilities = undefined;
      this.notifyListChanged(kind);
    });
  }

  /** Current server capabilities (cached until a registry changes). */
  getCapabilities(): Record<string, unknown> {
    return (this.capabilities ??= deriveCapabilities(this, this.options.capabilities));
  }

  /** The `initialize` result for a negotiated revision. */
  initializeResult(protocolVersion: string): Record<string, unknown> {
    const { name, version, title, description, websiteUrl, icons, instructions } = this.options;
    const serverInfo = { name, version, title, description, websiteUrl, icons };
    return {
      protocolVersion,
      capabilities: this.getCapabilities(),
      serverInfo: JSON.parse(JSON.stringify(serverInfo)),
      ...(instructions !== undefined && { instructions }),
    };
  }

  /** Opens a session for a transport; it is tracked until closed. */
  createSession(id: string | undefined, transport: TransportInfo['kind']): McpSession {
    const session = new McpSession(id, transport, this);
    this.sessions.add(session);
    session.onClose(() => this.sessions.delete(session));
    return session;
  }

  /** Number of live sessions in this process. */
  get sessionCount(): number {
    return this.sessions.size;
  }

  /**
   * Registers a tool (at bootstrap or at runtime; clients get `notifications/tools/list_changed`).
   * Its schemas are compiled now. A duplicate name throws, naming both origins.
   */
  registerTool(
    options: ToolOptions & { name: string; origin?: string },
    handler: ToolHandler,
  ): void {
    const tool = compileTool(options, handler, this.compiler);
    this.tools.add(tool, tool.origin, (t) => t.origin);
  }

  /** Removes a tool; true when it existed. */
  removeTool(name: string): boolean {
    return this.tools.remove(name);
  }

  /** Registers a prompt (see {@link registerTool}). */
  registerPrompt(
    options: PromptOptions & { name: string; origin?: string },
    handler: PromptHandler,
  ): void {
    const prompt = compilePrompt(options, handler, this.compiler);
    this.prompts.add(prompt, prompt.origin, (p) => p.origin);
  }

  /** Removes a prompt; true when it existed. */
  removePrompt(name: string): boolean {
    return this.prompts.remove(name);
  }

  /** Registers a fixed-URI resource. */
  registerResource(
    options: ResourceOptions & { name: string; origin?: string },
    handler: ResourceHandler,
  ): void {
    const resource = compileResource(options, handler);
    this.resources.add(resource, resource.origin, (r) => r.origin);
  }

  /** Removes a resource by URI; true when it existed. */
  removeResource(uri: string): boolean {
    return this.resources.remove(uri);
  }

  /** Registers a resource template (indexed by its literal prefix for fast reads). */
  registerResourceTemplate(
    options: ResourceTemplateOptions & { name: string; origin?: string },
    handler: ResourceTemplateHandler,
  ): void {
    const template = compileResourceTemplate(options, handler);
    this.resourceTemplates.add(template, template.origin, (t) => t.origin);
    this.templateIndex.add(template.template, template);
  }

  /** Removes a template by its URI template string. */
  removeResourceTemplate(uriTemplate: string): boolean {
    this.templateIndex.remove(uriTemplate);
    return this.resourceTemplates.remove(uriTemplate);
  }

  /** Finds the template serving a URI, with the extracted variables. */
  matchResourceTemplate(uri: string) {
    return this.templateIndex.match(uri);
  }

  /** {@inheritDoc SessionHost.dispatch} */
  async dispatch(
    session: McpSession,
    request: JsonRpcRequest,
    signal: AbortSignal,
    extra: MessageExtra,
  ): Promise<Record<string, unknown>> {
    const handler: MethodHandler | undefined = this.methods.get(request.method);
    if (!handler) throw McpError.methodNotFound(request.method);
    if (!session.initialized && request.method !== 'initialize' && request.method !== 'ping') {
      throw McpError.invalidRequest('The session is not initialized: send initialize first');
    }
    const gate = capabilityGate(request.method);
    // Gate on what this client was told at initialize, not on what is registered now.
    if (gate && !(gate in (session.advertised ?? this.getCapabilities()))) {
      throw McpError.methodNotFound(request.method);
    }
    const scope: RequestScope = {
      requestId: request.id,
      method: request.method,
      params: request.params ?? {},
      signal,
      protocol: extra.protocol ?? session.protocol,
      transport: extra.transport,
      session,
      peer: session.peer,
      notifier: this,
    };
    try {
      return await handler(scope, this);
    } catch (error) {
      throw toMcpError(error) ?? error;
    }
  }

  /** {@inheritDoc SessionHost.onNotification} */
  onNotification(session: McpSession, notification: JsonRpcNotification): void {
    this.clientNotifications.next({ session, notification });
  }

  /** {@inheritDoc SessionHost.onError} */
  onError(error: unknown, context: { method: string; id?: RequestId; sessionId?: string }): void {
    this.reportError(error, `Handler of ${context.method} failed`);
  }

  /** Logs an unexpected error through the configured logger. */
  reportError(error: unknown, message: string): void {
    const err = error instanceof Error ? error : new Error(String(error));
    this.options.logger?.error(`${message}: ${err.message}`, err.stack);
  }

  /** {@inheritDoc ServerNotifier.notifyResourceUpdated} */
  notifyResourceUpdated(uri: string): void {
    void this.bus.publish({ type: 'resource-updated', uri });
  }

  /** {@inheritDoc ServerNotifier.notifyListChanged} */
  notifyListChanged(kind: 'tools' | 'prompts' | 'resources'): void {
    void this.bus.publish({ type: 'list-changed', kind });
  }

  /** Closes every session and detaches from the bus. */
  close(): void {
    this.unsubscribeBus();
    for (const session of [...this.sessions]) session.close('Server shutting down');
  }

  private toldListChanged(session: McpSession, kind: string): boolean {
    const capability = (session.advertised ?? this.getCapabilities())[kind] as
      { listChanged?: boolean } | undefined;
    return capability?.listChanged === true;
  }

  private deliver(event: McpBusEvent): void {
    for (const session of this.sessions) {
      if (!session.initialized || session.closed) continue;
      if (event.type === 'resource-updated') {
        if (session.subscriptions.has(event.uri)) {
          session.peer.notify('notifications/resources/updated', { uri: event.uri });
        }
      } else if (this.toldListChanged(session, event.kind)) {
        session.peer.notify(`notifications/${event.kind}/list_changed`);
      }
    }
  }
}
