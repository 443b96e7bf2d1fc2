import { Observable } from 'rxjs';
import {
  appViewContentOf,
  toolViewOf,
  type McpAppViewContent,
  type McpToolView,
} from './apps/app-views.js';
import type { z } from 'zod';
import {
  CallToolResultSchema,
  ClientRequestResultSchemas,
  DiscoverResultSchema,
  type CallToolResult,
  type CompleteRequestParams,
  type CompleteResult,
  type GetPromptResult,
  type ListPromptsResult,
  type ListResourcesResult,
  type ListResourceTemplatesResult,
  type ListToolsResult,
  type LoggingLevel,
  type Prompt,
  type ReadResourceResult,
  type Resource,
  type ResourceTemplate,
  type Tool,
} from '../protocol/schema/index.js';
import { McpClientSubscriptions } from './mcp-client-subscriptions.js';
import { McpClientSkills, type SkillsRequester } from './skills/client-skills.js';
import {
  BATCH_PROTOCOL_VERSION,
  sendBatch,
  type McpBatchEntry,
  type McpBatchResults,
} from './mcp-client-batch.js';
import type { RequestId } from '../protocol/json-rpc.js';
import type { ToolCallEvent } from './mcp-client-events.interface.js';
import { z as zod } from 'zod';
import { clientCapabilities } from './client-identity.js';
import { answerInput } from './server-request.responder.js';
import { taskCallMeta, type ToolTaskPort } from './tasks/run-tool-task.js';
import { toolTask$, toolTaskPromise } from './tasks/tool-task-observable.js';
import type {
  McpTaskState,
  McpToolTaskEvent,
  McpCallAsTaskOptions,
} from './tasks/tool-task.interface.js';

/** Any result object (task methods check their own shapes). */
const AnyResult = zod.record(zod.string(), zod.unknown());
import type { McpCallOptions, McpRoot } from './mcp-client-options.interface.js';

/** Params of a list request: the cursor when one is given. */
const page = (cursor: string | undefined) => (cursor === undefined ? undefined : { cursor });

/**
 * An MCP client: works inside Nest (see `McpClientModule`) and standalone
 * (`new McpClient({ transport })`). Calls wait for the connection, time out (default 30 s, the
 * server is told to cancel), and reject with typed errors: `McpError` (the server's JSON-RPC error),
 * `TransportError` (also for a result that does not match the protocol), `RequestTimeoutError`,
 * `RequestCancelledError`. A tool's own failure is a result with `isError: true`, never a rejection.
 * Every result is the protocol type of its method (see `request()` for any method by name).
 */
export class McpClient extends McpClientSubscriptions {
  /**
   * `ping`. The 2026-07-28 era has no `ping`: there it sends `server/discover`, the request every
   * modern server answers. Connects first when needed (the era decides which request it is).
   */
  async ping(options?: McpCallOptions): Promise<void> {
    if (this.currentState !== 'ready') await this.connect();
    if (this.era === 'modern')
      await this.send('server/discover', {}, options, DiscoverResultSchema);
    else await this.request('ping', undefined, options);
  }

  private skillCalls?: McpClientSkills;

  /** The server's skills (SEP-2640): `skills.list()`, `skills.listAll()`, `skills.get(uri)`. */
  get skills(): McpClientSkills {
    return (this.skillCalls ??= new McpClientSkills(this as SkillsRequester));
  }

  /** One page of tools. */
  listTools(cursor?: string, options?: McpCallOptions): Promise<ListToolsResult> {
    return this.request('tools/list', page(cursor), options);
  }

  /** Every tool, walking the pages. */
  listAllTools(options?: McpCallOptions): Promise<Tool[]> {
    return this.walk(
      (cursor) => this.listTools(cursor, options),
      (result) => result.tools,
    );
  }

  /**
   * Calls a tool; a tool failure comes back as `isError: true`. `TStructured` types
   * `structuredContent` (it is not checked against the tool's `outputSchema`).
   * @example
   * ```ts
   * const result = await client.callTool<{ sum: number }>('add', { a: 1, b: 2 });
   * result.structuredContent?.sum; // number | undefined
   * ```
   */
  callTool<TStructured = unknown>(
    name: string,
    args: Record<string, unknown> = {},
    options?: McpCallOptions,
  ): Promise<CallToolResult<TStructured>> {
    // A call without `task` is answered with a CallToolResult, never a CreateTaskResult.
    const schema = CallToolResultSchema as z.ZodType<CallToolResult<TStructured>>;
    return this.send('tools/call', { name, arguments: args }, options, schema);
  }

  /**
   * Calls a tool as an Observable: emits progress events and (2026-07-28) `input` rounds, then
   * the result, then completes. Unsubscribing before the result cancels the call on the server.
   */
  callTool$<TStructured = unknown>(
    name: string,
    args: Record<string, unknown> = {},
    options: Omit<McpCallOptions, 'onProgress' | 'signal' | 'onInputRound'> = {},
  ): Observable<ToolCallEvent<TStructured>> {
    return new Observable<ToolCallEvent<TStructured>>((subscriber) => {
      const abort = new AbortController();
      this.callTool<TStructured>(name, args, {
        ...options,
        signal: abort.signal,
        onProgress: (p) => subscriber.next({ type: 'progress', ...p }),
        onInputRound: (round) => subscriber.next({ type: 'input', ...round }),
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

  /**
   * Runs a tool as a task (a call that outlives its request) and follows it: emits `created`
   * with the task, a `status` event for each change seen while polling (at the server's
   * `pollIntervalMs`), then the `result`, and completes. Input the task asks for (elicitation,
   * sampling, roots) is answered by this client's handlers. A failed task errors with its
   * `McpError`, a cancelled one with `TaskCancelledError`. Unsubscribing before the result
   * cancels the task (`tasks/cancel`). 2025-11-25 sends `params.task`; 2026-07-28 declares the
   * `io.modelcontextprotocol/tasks` extension for this call (the server may still answer at once:
   * then the lone event is the `result`).
   * @example
   * ```ts
   * client.callToolAsTask$('build_report', { month: '2026-10' }).subscribe((event) => {
   *   if (event.type === 'status') console.log(event.task.status, event.task.statusMessage);
   *   if (event.type === 'result') console.log(event.result.content);
   * });
   * ```
   */
  callToolAsTask$<TStructured = unknown>(
    name: string,
    args: Record<string, unknown> = {},
    options: Omit<McpCallAsTaskOptions, 'signal'> = {},
  ): Observable<McpToolTaskEvent<TStructured>> {
    const cancel = (taskId: string) =>
      void this.taskPort()
        .then((port) =>
          this.send('tasks/cancel', { taskId }, { meta: taskCallMeta(port) }, AnyResult),
        )
        .catch((e: unknown) => this.report(e));
    return toolTask$<TStructured>(() => this.taskPort(), cancel, name, args, options);
  }

  /**
   * {@link callToolAsTask$} as a Promise of the tool's result; `options.onStatus` sees the task's
   * states, `options.signal` cancels the task.
   */
  callToolAsTask<TStructured = unknown>(
    name: string,
    args: Record<string, unknown> = {},
    options: McpCallAsTaskOptions & { onStatus?: (task: McpTaskState) => void } = {},
  ): Promise<CallToolResult<TStructured>> {
    const { signal, onStatus, ...rest } = options;
    return toolTaskPromise(this.callToolAsTask$<TStructured>(name, args, rest), signal, onStatus);
  }

  private async taskPort(): Promise<ToolTaskPort> {
    if (this.currentState !== 'ready') await this.connect();
    return {
      era: this.era === 'modern' ? 'modern' : 'legacy',
      capabilities: clientCapabilities(this.options),
      request: (method, params, options) => this.send(method, params, options, AnyResult),
      answer: (signal) => (method, params) =>
        answerInput(method, params, signal, this.options, () => [...this.roots.values()]),
    };
  }

  /**
   * Sends several requests at once. With a server that negotiated 2025-03-26 (the one revision
   * with JSON-RPC batches) they go as one batch where the transport has batches (Streamable HTTP);
   * otherwise one by one, concurrently. Resolves with each entry's outcome in order
   * (`PromiseSettledResult`): its result, or its own error. Never rejects as a whole.
   * @example
   * ```ts
   * const [tools, echo] = await client.batch([
   *   { method: 'tools/list' },
   *   { method: 'tools/call', params: { name: 'echo', arguments: { text: 'hi' } } },
   * ] as const);
   * if (echo.status === 'fulfilled') console.log(echo.value.content);
   * ```
   */
  async batch<const E extends readonly McpBatchEntry[]>(entries: E): Promise<McpBatchResults<E>> {
    if (this.currentState !== 'ready') await this.connect();
    if (this.protocolVersion === BATCH_PROTOCOL_VERSION) {
      return sendBatch(this.peer, this.outbox, entries);
    }
    const calls = entries.map(({ method, params, options }) =>
      this.send(method, params, options, ClientRequestResultSchemas[method] as z.ZodType<unknown>),
    );
    return Promise.allSettled(calls) as Promise<McpBatchResults<E>>;
  }

  /** One page of prompts. */
  listPrompts(cursor?: string, options?: McpCallOptions): Promise<ListPromptsResult> {
    return this.request('prompts/list', page(cursor), options);
  }

  /** Every prompt. */
  listAllPrompts(options?: McpCallOptions): Promise<Prompt[]> {
    return this.walk(
      (cursor) => this.listPrompts(cursor, options),
      (result) => result.prompts,
    );
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
  listResources(cursor?: string, options?: McpCallOptions): Promise<ListResourcesResult> {
    return this.request('resources/list', page(cursor), options);
  }

  /** Every resource. */
  listAllResources(options?: McpCallOptions): Promise<Resource[]> {
    return this.walk(
      (cursor) => this.listResources(cursor, options),
      (result) => result.resources,
    );
  }

  /** One page of resource templates. */
  listResourceTemplates(
    cursor?: string,
    options?: McpCallOptions,
  ): Promise<ListResourceTemplatesResult> {
    return this.request('resources/templates/list', page(cursor), options);
  }

  /** Every resource template. */
  listAllResourceTemplates(options?: McpCallOptions): Promise<ResourceTemplate[]> {
    return this.walk(
      (cursor) => this.listResourceTemplates(cursor, options),
      (result) => result.resourceTemplates,
    );
  }

  /** Reads a resource. */
  readResource(uri: string, options?: McpCallOptions): Promise<ReadResourceResult> {
    return this.request('resources/read', { uri }, options);
  }

  /**
   * The MCP App view of a tool (its `_meta.ui.resourceUri`, else the legacy `ui/resourceUri`),
   * or undefined. A server lists views only to clients declaring the extension (option `apps`).
   */
  toolView(tool: Pick<Tool, '_meta'>): McpToolView | undefined {
    return toolViewOf(tool);
  }

  /**
   * Reads an MCP App view: of a tool (as listed) or by `ui://` URI. Resolves its HTML and
   * `_meta.ui` (CSP domains, permissions, domain, border).
   * @throws Error when the tool has no view or the resource is not `text/html;profile=mcp-app`.
   */
  async readAppView(
    toolOrUri: string | Pick<Tool, 'name' | '_meta'>,
    options?: McpCallOptions,
  ): Promise<McpAppViewContent> {
    const uri = typeof toolOrUri === 'string' ? toolOrUri : toolViewOf(toolOrUri)?.resourceUri;
    if (uri === undefined) throw new Error(`Tool "${(toolOrUri as Tool).name}" has no view`);
    return appViewContentOf(uri, await this.readResource(uri, options));
  }

  /** Completion of a prompt argument or template variable. */
  complete(
    ref: CompleteRequestParams['ref'],
    argument: { name: string; value: string },
    context?: Record<string, string>,
    options?: McpCallOptions,
  ): Promise<CompleteResult> {
    const params: CompleteRequestParams = { ref, argument };
    if (context) params.context = { arguments: context };
    return this.request('completion/complete', params, options);
  }

  /**
   * Sets the minimum level of server log messages: `logging/setLevel` in the legacy era; in the
   * 2026-07-28 era the level goes into every later request's `_meta` (no request is sent).
   */
  async setLogLevel(level: LoggingLevel, options?: McpCallOptions): Promise<void> {
    if (this.era === 'modern') this.stateless.logLevel = level;
    else await this.request('logging/setLevel', { level }, options);
  }

  /** The outgoing requests still waiting for an answer. */
  pendingRequests(): Array<{ id: RequestId; method: string }> {
    return this.peer.pendingRequests();
  }

  /** Cancels one pending request (the server is told with `notifications/cancelled`). */
  cancel(requestId: RequestId, reason?: string): boolean {
    return this.peer.cancelOutbound(requestId, reason);
  }

  /** Cancels every pending request. */
  cancelAll(reason?: string): void {
    for (const { id } of this.peer.pendingRequests()) this.peer.cancelOutbound(id, reason);
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

  /** Removes every root and tells the server once (nothing is sent when there were none). */
  async clearRoots(): Promise<void> {
    if (this.roots.size === 0) return;
    this.roots.clear();
    await this.rootsChanged();
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

  private async walk<P extends { nextCursor?: string | undefined }, T>(
    next: (cursor?: string) => Promise<P>,
    items: (page: P) => T[],
  ): Promise<T[]> {
    const all: T[] = [];
    let cursor: string | undefined;
    do {
      const result = await next(cursor);
      all.push(...items(result));
      cursor = result.nextCursor;
    } while (cursor !== undefined);
    return all;
  }
}
