import type { MessageBus } from '../stores/message-bus.interface.js';
import type { ServerNotifier } from './context/request-scope.interface.js';
import { McpServerCore } from './mcp-server-core.js';
import type { McpElicitations } from './elicitation/mcp-elicitations.js';
import type { McpServerOptions } from './mcp-server-options.interface.js';
import { McpClusterRegistrations } from './cluster/cluster-registrations.js';
import { ComponentRegistrar } from './registry/component-registrar.js';
import { PrimitiveRegistry } from './registry/primitive-registry.js';
import type { PrimitiveListKind } from './registry/registry-view.interface.js';
import type { McpServerStats } from './limits/server-stats.js';
import type { LoggingLevel } from '../protocol/schema/index.js';
import type { CustomMethodHandler, CustomMethodOptions } from './hooks/custom-methods.js';
import type { McpHookListener } from './hooks/lifecycle-hooks.js';
import type {
  McpClientInitializedEvent,
  McpClientNotificationHookEvent,
  McpSessionEndedEvent,
} from './hooks/lifecycle-events.interface.js';
import type { McpSessionComponents } from './session/session-components.js';
import {
  customNotification,
  logMessage,
  toAudience,
  type McpBroadcastLogOptions,
  type McpBroadcastTarget,
} from './session/broadcast-target.js';

/**
 * The server as its users see it (the injectable in Nest apps): register and remove tools,
 * prompts, resources and templates at any time (schemas compiled once, clients told of the
 * change), read-only views of what is registered, and server-wide notifications. The protocol
 * engine behind it (sessions, dispatch, initialize) is {@link core}, which transports take.
 */
export class McpServer extends ComponentRegistrar implements ServerNotifier {
  protected readonly registry = new PrimitiveRegistry();
  /** The engine-facing part: give it to transports (`new StreamableHttpHandler(server.core, ...)`). */
  readonly core: McpServerCore;
  /** Registered tools by name (read-only). */
  readonly tools = this.registry.tools;
  /** Registered prompts by name (read-only). */
  readonly prompts = this.registry.prompts;
  /** Registered fixed resources by URI (read-only). */
  readonly resources = this.registry.resources;
  /** Registered resource templates by URI template (read-only). */
  readonly resourceTemplates = this.registry.resourceTemplates;
  /** Registered skills (SEP-2640) by the URI of their `SKILL.md` (read-only). */
  readonly skills = this.registry.skills;
  /**
   * Runtime registration that holds on every instance sharing the bus (define named component
   * factories at bootstrap, then register and remove by name and JSON parameters). Plain
   * `registerTool` and friends change this instance only.
   */
  readonly cluster: McpClusterRegistrations;
  private warnedLocalChange = false;

  constructor(options: McpServerOptions, bus?: MessageBus) {
    super();
    this.core = new McpServerCore(options, this.registry, bus, this.registry.compiler);
    this.cluster = new McpClusterRegistrations({
      registry: this.registry,
      relay: this.core.cluster,
      bus,
      logger: options.logger,
      notifyListChanged: (kind) => this.core.notifyListChanged(kind),
    });
  }

  /** On a shared bus, a plain registration while serving is local: say so once. */
  protected override changed(): void {
    if (this.warnedLocalChange || !this.core.cluster || this.core.sessionCount === 0) return;
    this.warnedLocalChange = true;
    this.options.logger?.warn(
      'A tool, prompt or resource was registered or removed on this instance only (shared bus): ' +
        "only this instance's sessions are told. Use server.cluster for cluster-wide registration.",
    );
  }

  /** The options the server was created with (identity, page size, ...). */
  get options(): Readonly<McpServerOptions> {
    return this.core.options;
  }

  /** URL-mode elicitations waiting for completion: complete them from your callback route. */
  get elicitations(): McpElicitations {
    return this.core.elicitations;
  }

  /** Number of live sessions in this process. */
  get sessionCount(): number {
    return this.core.sessionCount;
  }

  /**
   * The own tools, prompts, resources and templates of the live 2025-era session with this id in
   * this process (undefined when there is none here). See {@link McpSessionComponents}.
   */
  sessionComponents(sessionId: string): McpSessionComponents | undefined {
    return this.core.session(sessionId)?.components;
  }

  /**
   * Serves a custom, vendor-prefixed request method (`acme/ping`) in both eras: on 2025 sessions
   * after `initialize`, and as a stateless 2026-07-28 request (`Mcp-Method` header equal to it).
   * A name without a vendor prefix, in a namespace of the specification, or already taken throws.
   * @example server.registerMethod('acme/ping', () => ({ pong: true }));
   */
  registerMethod<TParams = Record<string, unknown>>(
    method: string,
    handler: CustomMethodHandler<TParams>,
    options?: CustomMethodOptions,
  ): void {
    this.core.customMethods.add(method, handler as CustomMethodHandler<never>, options);
  }

  /** Removes a custom method; true when it existed. */
  removeMethod(method: string): boolean {
    return this.core.customMethods.remove(method);
  }

  /** Calls `listener` when a 2025-era client finished its handshake; returns the remover. */
  onClientInitialized(listener: McpHookListener<McpClientInitializedEvent>): () => void {
    return this.core.hooks.initialized.add(listener);
  }

  /** Calls `listener` for every notification a client sends on a session; returns the remover. */
  onClientNotification(listener: McpHookListener<McpClientNotificationHookEvent>): () => void {
    return this.core.hooks.notification.add(listener);
  }

  /** Calls `listener` when an initialized 2025-era session ends, with the cause; returns the remover. */
  onSessionEnded(listener: McpHookListener<McpSessionEndedEvent>): () => void {
    return this.core.hooks.sessionEnded.add(listener);
  }

  /**
   * Sends a custom notification (vendor-prefixed method, e.g. `acme/alert`) to every 2025-era
   * session, to the sessions of one principal, or to one session, through the message bus (so a
   * shared bus reaches the sessions of every instance).
   * @example server.sendNotification('acme/alert', { text: 'Deploy at 5pm' }, { principal: 'alice' });
   */
  sendNotification(
    method: string,
    params?: Record<string, unknown>,
    to?: McpBroadcastTarget,
  ): void {
    this.core.broadcast(toAudience(to), customNotification(method, params));
  }

  /**
   * Sends a log message (`notifications/message`) like {@link sendNotification}; each session's
   * `logging/setLevel` threshold applies.
   */
  sendLog(level: LoggingLevel, data: unknown, options: McpBroadcastLogOptions = {}): void {
    this.core.broadcast(toAudience(options.to), logMessage(level, data, options.logger));
  }

  /** Tells subscribed clients that a resource changed (`notifications/resources/updated`). */
  notifyResourceUpdated(uri: string): void {
    this.core.notifyResourceUpdated(uri);
  }

  /** Tells clients that the tools, prompts or resources list changed. */
  notifyListChanged(kind: PrimitiveListKind): void {
    this.core.notifyListChanged(kind);
  }

  /** {@inheritDoc McpServerCore.stats} */
  stats(): McpServerStats {
    return this.core.stats();
  }

  /** {@inheritDoc McpServerCore.drain} */
  drain(): Promise<void> {
    return this.core.drain();
  }

  /** Closes every session and detaches from the message bus (same as `core.close()`). */
  close(): void {
    this.core.close();
  }
}
