import {
  BehaviorSubject,
  combineLatest,
  distinctUntilChanged,
  map,
  Subject,
  type Observable,
} from 'rxjs';
import { McpError } from '../../errors/mcp.error.js';
import { TransportError } from '../../errors/transport.error.js';
import { UpstreamUnavailableError } from '../../errors/upstream-unavailable.error.js';
import type {
  CallToolResult,
  CompleteRequestParams,
  CompleteResult,
  GetPromptResult,
  ReadResourceResult,
} from '../../protocol/schema/index.js';
import type { McpClient } from '../mcp-client.js';
import type { McpCallOptions } from '../mcp-client-options.interface.js';
import {
  EMPTY_AGGREGATE,
  type McpAggregate,
  type McpAggregatedPrompt,
  type McpAggregatedResource,
  type McpAggregatedResourceTemplate,
  type McpAggregatedTool,
} from './aggregate.interface.js';
import { AggregateRoutes } from './aggregate-routes.js';
import { buildAggregate, resolveNamespace, type ResolvedNamespace } from './build-aggregate.js';
import { createServerTransport } from './create-server-transport.js';
import type { McpClientManagerOptions } from './mcp-client-manager-options.interface.js';
import { parseServersConfig } from './parse-servers-config.js';
import { resolveReconnect } from './reconnect-backoff.js';
import { UpstreamServer } from './upstream-server.js';
import type { McpUpstreamListChange, McpUpstreamStatus } from './upstream-status.interface.js';

/** Options of {@link McpClientManager.readResource}. */
export interface McpManagerReadOptions extends McpCallOptions {
  /** Read from this server (skips routing by URI). */
  server?: string | undefined;
}

/** Emits only when the items (server, upstream name, descriptor) differ. */
const sameItems = <T>(a: readonly T[], b: readonly T[]) =>
  a === b || JSON.stringify(a) === JSON.stringify(b);

/**
 * Many MCP servers as one: connects every server of an `mcpServers` map (desktop-client shape),
 * keeps each one's status and reconnects it with backoff (one failing server never blocks the
 * others), and combines their tools, prompts, resources and templates into one aggregate with
 * namespaced names (see {@link McpClientManagerOptions.namespace}); calls are routed to the
 * server that offers the item. Works standalone and in Nest (`McpClientModule.forServers`).
 * @example
 * ```ts
 * const manager = new McpClientManager({ mcpServers: { weather: { url: 'http://127.0.0.1:3001/mcp' } } });
 * await manager.connect();
 * manager.tools$.subscribe((tools) => console.log(tools.map((t) => t.descriptor.name)));
 * await manager.callTool('weather__get_forecast', { city: 'Oslo' });
 * ```
 */
export class McpClientManager {
  private readonly upstreams = new Map<string, UpstreamServer>();
  private readonly namespace: ResolvedNamespace;
  private readonly current = new BehaviorSubject<McpAggregate>(EMPTY_AGGREGATE);
  private readonly problems = new Subject<Error>();
  private readonly announced = new Subject<McpUpstreamListChange>();
  private routes = new AggregateRoutes(EMPTY_AGGREGATE);
  private reported = new Set<string>();
  private started: Promise<void> | undefined;

  /** The aggregate, now and after every change (a server joined, left, or changed a list). */
  readonly aggregate$: Observable<McpAggregate> = this.current.asObservable();
  /** The aggregated tools, now and on each change. */
  readonly tools$: Observable<readonly McpAggregatedTool[]> = this.part((a) => a.tools);
  /** The aggregated prompts, now and on each change. */
  readonly prompts$: Observable<readonly McpAggregatedPrompt[]> = this.part((a) => a.prompts);
  /** The aggregated resources, now and on each change. */
  readonly resources$: Observable<readonly McpAggregatedResource[]> = this.part((a) => a.resources);
  /** The aggregated resource templates, now and on each change. */
  readonly resourceTemplates$: Observable<readonly McpAggregatedResourceTemplate[]> = this.part(
    (a) => a.resourceTemplates,
  );
  /**
   * Problems that failed no call: collisions met on a list change, list refreshes that failed,
   * the clients' own stream errors. Each message starts with the server's name where there is one.
   */
  readonly errors$: Observable<Error> = this.problems.asObservable();
  /**
   * A server announced a list change (`list_changed`), after its refreshed list reached the
   * aggregate, even when the list came back the same (a gateway announces it on).
   */
  readonly listChanged$: Observable<McpUpstreamListChange> = this.announced.asObservable();
  /** Every server's status, now and on each change (config order). */
  readonly statuses$: Observable<readonly McpUpstreamStatus[]>;

  /** Checks the config (an `McpServersConfigError` naming the server key) and sets up each server. */
  constructor(private readonly options: McpClientManagerOptions) {
    this.namespace = resolveNamespace(options.namespace);
    const reconnect = resolveReconnect(options.reconnect);
    for (const [name, config] of parseServersConfig(options)) {
      const raw = options.mcpServers[name]!;
      const client = typeof options.client === 'function' ? options.client(name) : options.client;
      const auth = options.auth?.(name, raw);
      const upstream = new UpstreamServer({
        name,
        client: client ?? {},
        transport: () => options.transport?.(name, raw) ?? createServerTransport(config, auth),
        reconnect,
        pingIntervalMs: options.pingIntervalMs ?? 30_000,
      });
      upstream.changed$.subscribe(() => this.rebuild());
      upstream.listChanged$.subscribe((kind) => this.announced.next({ server: name, kind }));
      upstream.errors$.subscribe((error) => this.problems.next(prefixed(name, error)));
      this.upstreams.set(name, upstream);
    }
    const all = [...this.upstreams.values()].map((u) => u.status$);
    this.statuses$ = all.length === 0 ? new BehaviorSubject([]) : combineLatest(all);
  }

  /** The server names, in config order (disabled ones left out). */
  get names(): string[] {
    return [...this.upstreams.keys()];
  }

  /** True when `name` is a configured (enabled) server. */
  has(name: string): boolean {
    return this.upstreams.has(name);
  }

  /**
   * The client of a server (after `connect()`). A reconnect makes a new client, so keep the
   * name, not the client. Throws for an unknown name (listing the known ones).
   */
  get(name: string): McpClient {
    const client = this.upstream(name).client;
    if (!client) throw new Error(`McpClientManager: call connect() before get("${name}")`);
    return client;
  }

  /** The status of one server. */
  status(name: string): McpUpstreamStatus {
    return this.upstream(name).state;
  }

  /** A server's status, now and on each change. */
  status$(name: string): Observable<McpUpstreamStatus> {
    return this.upstream(name).status$;
  }

  /** Every server's status (config order). */
  get statuses(): McpUpstreamStatus[] {
    return [...this.upstreams.values()].map((u) => u.state);
  }

  /** The current aggregate. */
  get aggregate(): McpAggregate {
    return this.current.value;
  }

  /**
   * Connects every server at once and resolves when each first attempt settled: ready, or failed
   * and retrying in the background (see `statuses`). Rejects only for a collision under
   * `namespace.collisions: 'error'` (after closing everything). Idempotent.
   */
  connect(): Promise<void> {
    return (this.started ??= this.start());
  }

  /** Calls an aggregated tool by its exposed name on the server that offers it. */
  async callTool<TStructured = unknown>(
    name: string,
    args: Record<string, unknown> = {},
    options?: McpCallOptions,
  ): Promise<CallToolResult<TStructured>> {
    const tool = this.routeOf('tool', name, this.routes.tools.get(name));
    return this.watched(tool.server, (client) =>
      client.callTool<TStructured>(tool.upstreamName, args, options),
    );
  }

  /** Gets an aggregated prompt by its exposed name. */
  async getPrompt(
    name: string,
    args: Record<string, string> = {},
    options?: McpCallOptions,
  ): Promise<GetPromptResult> {
    const prompt = this.routeOf('prompt', name, this.routes.prompts.get(name));
    return this.watched(prompt.server, (client) =>
      client.getPrompt(prompt.upstreamName, args, options),
    );
  }

  /**
   * Reads a resource: from `options.server`, else from the server listing this URI, else from
   * the server whose template's literal prefix matches it longest.
   */
  async readResource(
    uri: string,
    options: McpManagerReadOptions = {},
  ): Promise<ReadResourceResult> {
    const { server: chosen, ...call } = options;
    const server = chosen ?? this.routes.serverOfUri(uri);
    if (server === undefined) throw McpError.invalidParams(`Unknown resource: ${uri}`, { uri });
    return this.watched(server, (client) => client.readResource(uri, call));
  }

  /** Completion of an aggregated prompt's argument or a template variable, on its server. */
  async complete(
    ref: CompleteRequestParams['ref'],
    argument: { name: string; value: string },
    context?: Record<string, string>,
    options?: McpCallOptions,
  ): Promise<CompleteResult> {
    if (ref.type === 'ref/prompt') {
      const prompt = this.routeOf('prompt', ref.name, this.routes.prompts.get(ref.name));
      const upstreamRef = { ...ref, name: prompt.upstreamName };
      return this.client(prompt.server).complete(upstreamRef, argument, context, options);
    }
    const server = this.routes.serverOfTemplate(ref.uri) ?? this.routes.serverOfUri(ref.uri);
    if (server === undefined) throw McpError.invalidParams(`Unknown resource template: ${ref.uri}`);
    return this.client(server).complete(ref, argument, context, options);
  }

  /** Closes every client and stops reconnecting. */
  async close(): Promise<void> {
    await Promise.all([...this.upstreams.values()].map((u) => u.close()));
    this.current.complete();
    this.problems.complete();
    this.announced.complete();
  }

  private async start(): Promise<void> {
    await Promise.all([...this.upstreams.values()].map((u) => u.start()));
    const collisions = this.rebuild();
    if (this.namespace.policy === 'error' && collisions.length > 0) {
      await this.close();
      throw collisions[0];
    }
  }

  /** Recombines the ready servers' lists; reports each new collision once on `errors$`. */
  private rebuild() {
    const ready = [...this.upstreams.values()].map((u) => [u.name, u.lists] as const);
    const { aggregate, collisions } = buildAggregate(ready, this.namespace);
    this.routes = new AggregateRoutes(aggregate);
    const seen = new Set(collisions.map((c) => c.message));
    for (const collision of collisions) {
      if (!this.reported.has(collision.message)) this.problems.next(collision);
    }
    this.reported = seen;
    if (!this.current.closed) this.current.next(aggregate);
    return collisions;
  }

  private part<T>(pick: (aggregate: McpAggregate) => readonly T[]): Observable<readonly T[]> {
    return this.current.pipe(map(pick), distinctUntilChanged(sameItems));
  }

  private upstream(name: string): UpstreamServer {
    const upstream = this.upstreams.get(name);
    if (upstream) return upstream;
    throw new Error(
      `Unknown MCP server "${name}" (configured: ${this.names.join(', ') || 'none'})`,
    );
  }

  /** The ready client of a server, or an {@link UpstreamUnavailableError}. */
  private client(server: string): McpClient {
    const upstream = this.upstream(server);
    const { state, lastError } = upstream.state;
    if (state !== 'ready' || !upstream.client) {
      throw new UpstreamUnavailableError(server, state, lastError);
    }
    return upstream.client;
  }

  /**
   * Runs `call` on a server's ready client; a `TransportError` (the server gone) marks the server
   * down, so it leaves the aggregate and is reconnected.
   */
  private async watched<T>(server: string, call: (client: McpClient) => Promise<T>): Promise<T> {
    const client = this.client(server);
    try {
      return await call(client);
    } catch (error) {
      if (error instanceof TransportError) this.upstream(server).suspect(client, error);
      throw error;
    }
  }

  /** The routed item, or the reason there is none (a server down, or an unknown name). */
  private routeOf<T>(kind: 'tool' | 'prompt', name: string, found: T | undefined): T {
    if (found) return found;
    for (const upstream of this.upstreams.values()) {
      if (upstream.state.state === 'ready') continue;
      if (name.startsWith(this.namespace.format(upstream.name, ''))) {
        throw new UpstreamUnavailableError(
          upstream.name,
          upstream.state.state,
          upstream.state.lastError,
        );
      }
    }
    throw McpError.invalidParams(`Unknown ${kind}: ${name}`, { [kind]: name });
  }
}

/** `error` with the server's name in front (unless it is there already). */
function prefixed(server: string, error: Error): Error {
  if (error.message.startsWith(`${server}:`)) return error;
  return new Error(`${server}: ${error.message}`, { cause: error });
}
