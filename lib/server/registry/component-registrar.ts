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
} from './definitions.interface.js';
import type { PrimitiveRegistry } from './primitive-registry.js';
import type { PrimitiveListKind } from './registry-view.interface.js';
import { compilePrompt } from './registered-prompt.js';
import { compileResourceTemplate } from './registered-resource.js';
import { compileTool } from './registered-tool.js';
import type { SchemaInput } from '../schema/schema-compiler.js';
import { compileAppView } from './compile-app-view.js';
import type { AppViewHandler, McpAppViewOptions } from './app-view-options.interface.js';
import { compileResource } from './registered-resource.js';
import { compileSkill, skillFileResource } from './registered-skill.js';
import type { SkillSource } from './registered-skill.js';
import type { McpSkillHandler } from './skill-options.interface.js';

/** Where a runtime registration came from (named in duplicate errors). */
export interface Named {
  name: string;
  origin?: string;
}

/** What a registration adds: its registry and its key there. */
export type ComponentKind = 'tool' | 'prompt' | 'resource' | 'resourceTemplate' | 'skill';

/**
 * Register and remove tools, prompts, resources and templates, compiled once at registration.
 * The server ({@link McpServer}) and one session ({@link McpSessionComponents}) share it; each
 * says where the items go and may refuse one first ({@link admit}).
 */
export abstract class ComponentRegistrar {
  /** Where the compiled items are kept. */
  protected abstract readonly registry: PrimitiveRegistry;

  /** Called before each registration, after compiling: throw to refuse it. */
  protected admit(_kind: ComponentKind, _key: string, _origin: string): void {}

  /** Called after each registration or removal that changed a list. */
  protected changed(_list: PrimitiveListKind): void {}

  private removed(list: PrimitiveListKind, removed: boolean): boolean {
    if (removed) this.changed(list);
    return removed;
  }

  /**
   * Registers a tool (clients are told with `notifications/tools/list_changed`). Its schemas are
   * compiled now and `args` is typed from the zod `inputSchema`. A duplicate name throws, naming
   * both origins.
   * @example server.registerTool({ name: 'add', inputSchema: { a: z.number(), b: z.number() } }, ({ a, b }) => a + b);
   */
  registerTool<TInput extends SchemaInput | undefined = undefined>(
    options: ToolOptions<TInput> & Named,
    handler: ToolHandler<SchemaArgs<TInput>>,
  ): void {
    const tool = compileTool(options, handler, this.registry.compiler);
    this.admit('tool', tool.key, tool.origin);
    this.registry.addTool(tool);
    this.changed('tools');
  }

  /** Removes a tool; true when it existed. */
  removeTool(name: string): boolean {
    return this.removed('tools', this.registry.removeTool(name));
  }

  /** Registers a prompt (see {@link registerTool}); `args` is typed from `arguments`. */
  registerPrompt<TArgs extends SchemaInput | PromptArgumentOption[] | undefined = undefined>(
    options: PromptOptions<TArgs> & Named,
    handler: PromptHandler<PromptArgs<TArgs>>,
  ): void {
    const prompt = compilePrompt(options, handler, this.registry.compiler);
    this.admit('prompt', prompt.key, prompt.origin);
    this.registry.addPrompt(prompt);
    this.changed('prompts');
  }

  /** Removes a prompt; true when it existed. */
  removePrompt(name: string): boolean {
    return this.removed('prompts', this.registry.removePrompt(name));
  }

  /** Registers a fixed-URI resource. */
  registerResource(options: ResourceOptions & Named, handler: ResourceHandler): void {
    const resource = compileResource(options, handler);
    this.admit('resource', resource.key, resource.origin);
    this.registry.addResource(resource);
    this.changed('resources');
  }

  /** Removes a resource by URI; true when it existed. */
  removeResource(uri: string): boolean {
    return this.removed('resources', this.registry.removeResource(uri));
  }

  /** Registers a resource template (indexed by its literal prefix for fast reads). */
  registerResourceTemplate(
    options: ResourceTemplateOptions & Named,
    handler: ResourceTemplateHandler,
  ): void {
    const template = compileResourceTemplate(options, handler);
    this.admit('resourceTemplate', template.key, template.origin);
    this.registry.addResourceTemplate(template);
    this.changed('resources');
  }

  /** Removes a template by its URI template string; true when it existed. */
  removeResourceTemplate(uriTemplate: string): boolean {
    return this.removed('resources', this.registry.removeResourceTemplate(uriTemplate));
  }

  /**
   * Registers an MCP App view: a `ui://` resource served as `text/html;profile=mcp-app` with its
   * `_meta.ui` (CSP domains, permissions, domain, border), from `html`, `file` or `handler`.
   * Throws naming the view when the URI is not `ui://`, a CSP domain is not an origin, or static
   * HTML is not an HTML document.
   * @example server.registerAppView({ uri: 'ui://weather/forecast', file: 'dist/views/forecast.html' });
   */
  registerAppView(
    options: McpAppViewOptions & { origin?: string },
    handler?: AppViewHandler,
  ): void {
    const view = compileAppView(options, handler);
    this.registerResource(view.options, view.handler);
  }

  /**
   * Registers a skill (Skills extension, SEP-2640): its entry for `skills/list` and `skills/get`
   * and each of its files as a `skill://` resource (clients are told with
   * `notifications/resources/list_changed`). Static (`instructions`, `files`: digests in the
   * entry) or generated per read by `handler` (`"dynamic"`). Throws naming the skill on a bad
   * name or path, a taken URI, or a skill over the limits every host must accept.
   * @example server.registerSkill({ name: 'trip-planning', description: 'Plan a trip', instructions: '# Steps ...', uses: { tools: ['forecast'] } });
   */
  registerSkill(options: SkillSource, handler?: McpSkillHandler): void {
    const skill = compileSkill(options, handler);
    this.admit('skill', skill.key, skill.origin);
    const resources = skill.files.map((file) =>
      compileResource(
        {
          ...skillFileResource(skill, file),
          origin: skill.origin,
          visible: skill.visible,
          cache: skill.cache,
        },
        file.handler,
      ),
    );
    for (const resource of resources) this.admit('resource', resource.key, resource.origin);
    const added: string[] = [];
    try {
      for (const resource of resources) {
        this.registry.addResource(resource);
        added.push(resource.key);
      }
      this.registry.addSkill(skill);
    } catch (e) {
      for (const uri of added) this.registry.removeResource(uri);
      throw e;
    }
    this.changed('resources');
  }

  /** Removes a skill and its files by the URI of its `SKILL.md`; true when it existed. */
  removeSkill(uri: string): boolean {
    const skill = this.registry.skills.get(uri);
    if (!skill) return false;
    for (const file of skill.files) this.registry.removeResource(file.uri);
    return this.removed('resources', this.registry.removeSkill(uri));
  }

  /**
   * Throws when a skill uses a tool, prompt or resource that is not registered, naming where the
   * skill names it (`Class#method`, `skills/x/SKILL.md:7`). Run once every primitive is
   * registered (the Nest module does, after discovery and the skills folder).
   */
  assertSkills(): void {
    const { tools, prompts, resources } = this.registry;
    for (const skill of this.registry.skills.values()) {
      for (const { kind, name, where } of skill.references) {
        const found =
          kind === 'tool'
            ? tools.get(name)
            : kind === 'prompt'
              ? prompts.get(name)
              : (resources.get(name) ?? this.registry.matchResourceTemplate(name));
        if (found) continue;
        throw new Error(
          `${where}: skill "${skill.descriptor.frontmatter.name}" uses ${kind} "${name}", ` +
            `which is not registered`,
        );
      }
    }
  }

  /**
   * Throws when a tool names an MCP App view that is not registered, naming the tool's origin
   * (`Class#method`). Run once every decorated primitive is registered (the Nest module does).
   */
  assertAppViews(): void {
    for (const tool of this.registry.tools.values()) {
      if (!tool.ui) continue;
      const { view } = tool.ui;
      if (this.registry.resources.get(view) || this.registry.matchResourceTemplate(view)) continue;
      throw new Error(
        `${tool.origin}: ui.view "${view}" is not a registered view ` +
          `(declare it with @AppView() or McpServer.registerAppView())`,
      );
    }
  }
}
