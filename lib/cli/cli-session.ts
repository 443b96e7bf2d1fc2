import type { McpClient } from '../client/mcp-client.js';
import type { Prompt, Resource, ResourceTemplate, Tool } from '../protocol/schema/index.js';
import type { Output } from './io/output.js';
import type { Terminal } from './io/terminal.js';
import type { Target } from './target/parse-target.js';

/** Makes a new client for the session's target and connects it (`reconnect`). */
export type CliConnector = () => Promise<McpClient>;

/**
 * A connected CLI: the client, the target it reached, where to write and ask, and the names last
 * listed (for completion and for prompting a tool's arguments from its schema).
 */
export class CliSession {
  private current: McpClient;

  /** Tools by name, as last listed. */
  tools = new Map<string, Tool>();
  /** Prompts by name, as last listed. */
  prompts = new Map<string, Prompt>();
  /** Resource URIs, as last listed. */
  resources: Resource[] = [];
  /** Resource templates, as last listed. */
  templates: ResourceTemplate[] = [];

  constructor(
    client: McpClient,
    readonly target: Target,
    readonly out: Output,
    readonly terminal: Terminal,
    private readonly connector?: CliConnector,
  ) {
    this.current = client;
  }

  /** The client of the current connection (a new one after {@link reconnect}). */
  get client(): McpClient {
    return this.current;
  }

  /**
   * Connects again with a new client (a new handshake: era negotiation, `initialize` or
   * `server/discover`), then closes the old one; when the new connection fails the old one stays.
   * @throws whatever connecting threw; Error when the session cannot reconnect.
   */
  async reconnect(): Promise<McpClient> {
    if (!this.connector) throw new Error('this session cannot reconnect');
    const next = await this.connector();
    const previous = this.current;
    this.current = next;
    await previous.close().catch(() => undefined);
    return next;
  }

  /** Lists the tools again (all pages) and remembers them. */
  async refreshTools(): Promise<Tool[]> {
    const tools = await this.client.listAllTools();
    this.tools = new Map(tools.map((t) => [t.name, t]));
    return tools;
  }

  /** Lists the prompts again and remembers them. */
  async refreshPrompts(): Promise<Prompt[]> {
    const prompts = await this.client.listAllPrompts();
    this.prompts = new Map(prompts.map((p) => [p.name, p]));
    return prompts;
  }

  /** Lists the resources again and remembers them. */
  async refreshResources(): Promise<Resource[]> {
    this.resources = await this.client.listAllResources();
    return this.resources;
  }

  /** Lists the resource templates again and remembers them. */
  async refreshTemplates(): Promise<ResourceTemplate[]> {
    this.templates = await this.client.listAllResourceTemplates();
    return this.templates;
  }

  /** Fills the name lists the server offers (missing capabilities are skipped), for completion. */
  async refreshNames(): Promise<void> {
    const caps = this.client.serverCapabilities ?? {};
    const quietly = (list: () => Promise<unknown>) =>
      list().catch((e: unknown) => this.out.detail(1, `listing failed: ${String(e)}`));
    await Promise.all([
      caps.tools ? quietly(() => this.refreshTools()) : undefined,
      caps.prompts ? quietly(() => this.refreshPrompts()) : undefined,
      caps.resources ? quietly(() => this.refreshResources()) : undefined,
    ]);
  }
}
