import { Observable, filter, map } from 'rxjs';
import type { LoggingLevel } from '../protocol/protocol-context.interface.js';
import { McpClientBase } from './mcp-client-base.js';
import type { McpCallOptions, McpRoot } from './mcp-client-options.interface.js';
import type {
  CallToolResult,
  CompleteResult,
  GetPromptResult,
  ListPage,
  Prompt,
  ReadResourceResult,
  Resource,
  ResourceTemplate,
  Tool,
} from './client-results.interface.js';

/** What `callTool$` emits: progress events, then the result. */
export type ToolCallEvent =
  | { type: 'progress'; progress: number; total?: number; message?: string }
  | { type: 'result'; result: CallToolResult };

/**
 * An MCP client: works inside Nest (see `McpClientModule`) and standalone
 * (`new McpClient({ transport })`). Calls wait for the connection, time out (default 30 s, the
 * server is told to cancel), and reject with typed errors: `McpError` (the server's JSON-RPC error),
 * `TransportError`, `RequestTimeoutError`, `RequestCancelledError`. A tool's own failure is a
 * result with `isError: true`, never a rejection.
 */
export class McpClient extends McpClientBase {
  /** `ping`. */
  async ping(options?: McpCallOptions): Promise<void> {
    await this.request('ping', undefined, options);
  }

  /** One page of tools. */
  listTools(cursor?: string, options?: McpCallOptions): Promise<ListPage<'tools', Tool>> {
    return this.request('tools/list', cursor === undefined ? undefined : { cursor }, options);
  }

  /** Every tool, walking the pages. */
  listAllTools(options?: McpCallOptions): Promise<Tool[]> {
    return this.walk('tools', (cursor) => this.listTools(cursor, options));
  }

  /** Calls a tool; a tool failure comes back as `isError: true`. */
  callTool(
    name: string,
    args: Record<string, unknown> = {},
    options?: McpCallOptions,
  ): Promise<CallToolResult> {
    return this.request('tools/call', { name, arguments: args }, options);
  }

  /**
   * Calls a tool as an Observable: emits progress events, then the result, then completes.
   * Unsubscribing before the result cancels the call on the server.
   */
  callTool$(
    name: string,
    args: Record<string, unknown> = {},
    options: Omit<McpCallOptions, 'onProgress' | 'signal'> = {},
  ): Observable<ToolCallEvent> {
    return new Observable<ToolCallEvent>((subscriber) => {
      const abort = new AbortController();
      this.callTool(name, args, {
        ...options,
        signal: abort.signal,
        onProgress: (p) => subscriber.next({ type: 'progress', ...p }),
      }).then(
        (result) => {
          subscriber.next({ type: 'result', result });
          subscriber.complete();
        },
        (error: unknown) => subscriber.error(error),
      );
      return () => abort.abort('Unsubscribed');
    });
  }

  /** One page of prompts. */
  listPrompts(cursor?: string, options?: McpCallOptions): Promise<ListPage<'prompts', Prompt>> {
    return this.request('prompts/list', cursor === undefined ? undefined : { cursor }, options);
  }

  /** Every prompt. */
  listAllPrompts(options?: McpCallOptions): Promise<Prompt[]> {
    return this.walk('prompts', (cursor) => this.listPrompts(cursor, options));
  }

  /** Gets a prompt with its (string) arguments. */
  getPrompt(
    name: string,
    args: Record<string, string> = {},
    options?: McpCallOptions,
  ): Promise<GetPromptResult> {
    return this.request('prompts/get', { name, arguments: args }, options);
  }

  /** One page of resources. */
  listResources(
    cursor?: string,
    options?: McpCallOptions,
  ): Promise<ListPage<'resources', Resource>> {
    return this.request('resources/list', cursor === undefined ? undefined : { cursor }, options);
  }

  /** Every resource. */
  listAllResources(options?: McpCallOptions): Promise<Resource[]> {
    return this.walk('resources', (cursor) => this.listResources(cursor, options));
  }

  /** One page of resource templates. */
  listResourceTemplates(
    cursor?: string,
    options?: McpCallOptions,
  ): Promise<ListPage<'resourceTemplates', ResourceTemplate>> {
    return this.request(
      'resources/templates/list',
      cursor === undefined ? undefined : { cursor },
      options,
    );
  }

  /** Every resource template. */
  listAllResourceTemplates(options?: McpCallOptions): Promise<ResourceTemplate[]> {
    return this.walk('resourceTemplates', (cursor) => this.listResourceTemplates(cursor, options));
  }

  /** Reads a resource. */
  readResource(uri: string, options?: McpCallOptions): Promise<ReadResourceResult> {
    return this.request('resources/read', { uri }, options);
  }

  /** Subscribes to updates of a resource (see {@link resourceUpdated$}). */
  async subscribeResource(uri: string, options?: McpCallOptions): Promise<void> {
    await this.request('resources/subscribe', { uri }, options);
  }

  /** Stops updates of a resource. */
  async unsubscribeResource(uri: string, options?: McpCallOptions): Promise<void> {
    await this.request('resources/unsubscribe', { uri }, options);
  }

  /** `notifications/resources/updated` for one URI. */
  resourceUpdated$(uri: string): Observable<string> {
    return this.notifications$.pipe(
      filter((n) => n.method === 'notifications/resources/updated' && n.params?.uri === uri),
      map(() => uri),
    );
  }

  /** Completion of a prompt argument or template variable. */
  complete(
    ref: { type: 'ref/prompt'; name: string } | { type: 'ref/resource'; uri: string },
    argument: { name: string; value: string },
    context?: Record<string, string>,
    options?: McpCallOptions,
  ): Promise<CompleteResult> {
    const params: Record<string, unknown> = { ref, argument };
    if (context) params.context = { arguments: context };
    return this.request('completion/complete', params, options);
  }

  /** Sets the minimum level of server log messages. */
  async setLogLevel(level: LoggingLevel, options?: McpCallOptions): Promise<void> {
    await this.request('logging/setLevel', { level }, options);
  }

  /** Current roots. */
  listRoots(): McpRoot[] {
    return [...this.roots.values()];
  }

  /** Adds a root and tells the server (`notifications/roots/list_changed`). */
  async addRoot(root: McpRoot): Promise<void> {
    this.roots.set(root.uri, root);
    await this.rootsChanged();
  }

  /** Removes a root and tells the server. */
  async removeRoot(uri: string): Promise<boolean> {
    const removed = this.roots.delete(uri);
    if (removed) await this.rootsChanged();
    return removed;
  }

  /** Reports progress on a request the server made to this client. */
  async sendProgress(
    progressToken: string | number,
    progress: number,
    total?: number,
    message?: string,
  ): Promise<void> {
    const params: Record<string, unknown> = { progressToken, progress };
    if (total !== undefined) params.total = total;
    if (message !== undefined) params.message = message;
    this.peer.notify('notifications/progress', params);
  }

  private async rootsChanged(): Promise<void> {
    if (this.currentState === 'ready') this.peer.notify('notifications/roots/list_changed');
  }

  private async walk<K extends string, T>(
    key: K,
    page: (cursor?: string) => Promise<ListPage<K, T>>,
  ): Promise<T[]> {
    const all: T[] = [];
    let cursor: string | undefined;
    do {
      const result = await page(cursor);
      all.push(...(result[key] as T[]));
      cursor = result.nextCursor;
    } while (cursor !== undefined);
    return all;
  }
}
