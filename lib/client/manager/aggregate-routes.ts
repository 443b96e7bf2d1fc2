import type {
  McpAggregate,
  McpAggregatedPrompt,
  McpAggregatedTool,
} from './aggregate.interface.js';

/** The literal text of a URI template before its first expression (`users://{id}` → `users://`). */
const literalPrefix = (uriTemplate: string) => uriTemplate.split('{', 1)[0]!;

/**
 * Lookups over one aggregate, built once per change: tools and prompts by exposed name, resources
 * by URI, templates by their literal prefix (longest match wins).
 */
export class AggregateRoutes {
  /** Tools by exposed name. */
  readonly tools = new Map<string, McpAggregatedTool>();
  /** Prompts by exposed name. */
  readonly prompts = new Map<string, McpAggregatedPrompt>();
  private readonly uris = new Map<string, string>();
  private readonly templates = new Map<string, string>();
  private readonly prefixes: ReadonlyArray<readonly [prefix: string, server: string]>;

  constructor(aggregate: McpAggregate) {
    for (const tool of aggregate.tools) this.tools.set(tool.descriptor.name, tool);
    for (const prompt of aggregate.prompts) this.prompts.set(prompt.descriptor.name, prompt);
    for (const resource of aggregate.resources)
      this.uris.set(resource.upstreamName, resource.server);
    for (const template of aggregate.resourceTemplates) {
      this.templates.set(template.upstreamName, template.server);
    }
    this.prefixes = aggregate.resourceTemplates
      .map((t) => [literalPrefix(t.upstreamName), t.server] as const)
      .sort(([a], [b]) => b.length - a.length);
  }

  /** The server of a listed URI, else of the template whose literal prefix fits it longest. */
  serverOfUri(uri: string): string | undefined {
    const listed = this.uris.get(uri);
    if (listed !== undefined) return listed;
    return this.prefixes.find(([prefix]) => uri.startsWith(prefix))?.[1];
  }

  /** The server of a URI template. */
  serverOfTemplate(uriTemplate: string): string | undefined {
    return this.templates.get(uriTemplate);
  }
}
