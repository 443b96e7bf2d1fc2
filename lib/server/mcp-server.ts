import type { MessageBus } from '../stores/message-bus.interface.js';
import type { ServerNotifier } from './context/request-scope.interface.js';
import { McpServerCore } from './mcp-server-core.js';
import type { McpElicitations } from './elicitation/mcp-elicitations.js';
import type { McpServerOptions } from './mcp-server-options.interface.js';
import type {
  PromptArgs,
  PromptArgumentOption,
  PromptHandler,
  PromptOptions,
  ResourceHandler,
  ResourceOptions,
  ResourceTemplateHandler,
  ResourceTemplateOptions,
  SchemaArgs,
  ToolHandler,
  ToolOptions,
} from './registry/definitions.interface.js';
import { PrimitiveRegistry } from './registry/primitive-registry.js';
import { compilePrompt } from './registry/registered-prompt.js';
import { compileResource, compileResourceTemplate } from './registry/registered-resource.js';
import { compileTool } from './registry/registered-tool.js';
import type { PrimitiveListKind } from './registry/registry-view.interface.js';
import type { SchemaInput } from './schema/schema-compiler.js';
import type { McpServerStats } from './limits/server-stats.js';

/** Where a runtime registration came from (named in duplicate errors). */
interface Named {
  name: string;
  origin?: string;
}

/**
 * The server as its users see it (the injectable in Nest apps): register and remove tools,
 * prompts, resources and templates at any time (schemas compiled once, clients told of the
 * change), read-only views of what is registered, and server-wide notifications. The protocol
 * engine behind it (sessions, dispatch, initialize) is {@link core}, which transports take.
 */
export class McpServer implements ServerNotifier {
  private readonly registry = new PrimitiveRegistry();
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

  constructor(options: McpServerOptions, bus?: MessageBus) {
    this.core = new McpServerCore(options, this.registry, bus);
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
   * Registers a tool (at bootstrap or at runtime; clients get `notifications/tools/list_changed`).
   * Its schemas are compiled now and `args` is typed from the zod `inputSchema`. A duplicate name
   * throws, naming both origins.
   * @example server.registerTool({ name: 'add', inputSchema: { a: z.number(), b: z.number() } }, ({ a, b }) => a + b);
   */
  registerTool<TInput extends SchemaInput | undefined = undefined>(
    options: ToolOptions<TInput> & Named,
    handler: ToolHandler<SchemaArgs<TInput>>,
  ): void {
    this.registry.addTool(compileTool(options, handler, this.registry.compiler));
  }

  /** Removes a tool; true when it existed. */
  removeTool(name: string): boolean {
    return this.registry.removeTool(name);
  }

  /** Registers a prompt (see {@link registerTool}); `args` is typed from `arguments`. */
  registerPrompt<TArgs extends SchemaInput | PromptArgumentOption[] | undefined = undefined>(
    options: PromptOptions<TArgs> & Named,
    handler: PromptHandler<PromptArgs<TArgs>>,
  ): void {
    this.registry.addPrompt(compilePrompt(options, handler, this.registry.compiler));
  }

  /** Removes a prompt; true when it existed. */
  removePrompt(name: string): boolean {
    return this.registry.removePrompt(name);
  }

  /** Registers a fixed-URI resource. */
  registerResource(options: ResourceOptions & Named, handler: ResourceHandler): void {
    this.registry.addResource(compileResource(options, handler));
  }

  /** Removes a resource by URI; true when it existed. */
  removeResource(uri: string): boolean {
    return this.registry.removeResource(uri);
  }

  /** Registers a resource template (indexed by its literal prefix for fast reads). */
  registerResourceTemplate(
    options: ResourceTemplateOptions & Named,
    handler: ResourceTemplateHandler,
  ): void {
    this.registry.addResourceTemplate(compileResourceTemplate(options, handler));
  }

  /** Removes a template by its URI template string; true when it existed. */
  removeResourceTemplate(uriTemplate: string): boolean {
    return this.registry.removeResourceTemplate(uriTemplate);
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
