import { resolve } from 'node:path';
import {
  Inject,
  Injectable,
  Logger,
  type OnApplicationBootstrap,
  type OnModuleInit,
} from '@nestjs/common';
import { DiscoveryService, MetadataScanner } from '@nestjs/core';
import type { InstanceWrapper } from '@nestjs/core/injector/instance-wrapper.js';
import { McpServer } from '../../server/mcp-server.js';
import { loadSkillsFolder } from '../../server/registry/skill-folder.js';
import type {
  ArgumentCompleter,
  PromptOptions,
  ResourceTemplateOptions,
  ToolOptions,
  VisibilityPredicate,
} from '../../server/registry/definitions.interface.js';
import { McpResourceServer, type McpScopedKind } from '../auth/mcp-resource-server.js';
import { scopesOfHandler } from '../auth/mcp-scopes.decorator.js';
import type { McpCompleters, McpToolOptions } from '../decorators/mcp-primitives.decorator.js';
import { withDtoInput } from './dto-input-schema.js';
import { McpHandlerFactory, type McpInvokable } from '../invoker/mcp-handler.factory.js';
import type { McpModuleOptions } from '../mcp-module-options.interface.js';
import { MCP_ROUTE_TOOL_METADATA } from '../mcp.constants.js';
import { MCP_MODULE_OPTIONS } from '../mcp.module-definition.js';
import { McpMetadataAccessor, type McpMethodMetadata } from './mcp-metadata.accessor.js';
import { bindMcpHooks } from './bind-mcp-hooks.js';
import { closeDiscoveryGate } from './discovery-gate.js';

/**
 * Finds `@Tool`, `@Prompt`, `@Resource`, `@ResourceTemplate`, `@Skill` and `@McpMethod` methods
 * on providers at bootstrap (of the modules in `include`, or the whole app) and registers them
 * (then the skills folder of option `skills`, then checks app views and what skills use),
 * schemas compiled once, with the McpServer; subscribes `@OnMcp...` lifecycle hooks. Handlers run
 * through Nest's guards, interceptors, pipes and filters. A duplicate name fails bootstrap naming
 * both `Class#method`s.
 */
@Injectable()
export class McpExplorer implements OnModuleInit, OnApplicationBootstrap {
  /** Logs as `McpDiscovery`: `McpExplorer` reads as the explorer page, which may well be off. */
  private readonly logger = new Logger('McpDiscovery');
  /** Opens the server's discovery gate (`discovery-gate.ts`): every handler is registered now. */
  private readonly openGate: () => void;

  constructor(
    private readonly discovery: DiscoveryService,
    private readonly scanner: MetadataScanner,
    private readonly accessor: McpMetadataAccessor,
    private readonly server: McpServer,
    private readonly handlers: McpHandlerFactory,
    @Inject(MCP_MODULE_OPTIONS) private readonly options: McpModuleOptions,
    private readonly resourceServer: McpResourceServer,
  ) {
    this.openGate = closeDiscoveryGate(server);
  }

  onApplicationBootstrap(): void {
    this.openGate();
  }

  async onModuleInit(): Promise<void> {
    const include = this.options.include;
    for (const wrapper of this.discovery.getProviders(include ? { include } : {}))
      await this.explore(wrapper);
    if (this.options.skills !== undefined) {
      for (const skill of await loadSkillsFolder(resolve(this.options.skills)))
        this.server.registerSkill(skill);
    }
    this.server.assertAppViews();
    this.server.assertSkills();
    const { tools, prompts, resources, resourceTemplates, skills } = this.server;
    this.logger.log(
      `Registered ${tools.size} tools, ${prompts.size} prompts, ${resources.size} resources, ` +
        `${resourceTemplates.size} resource templates` +
        (skills.size > 0 ? `, ${skills.size} skills` : ''),
    );
  }

  private async explore(wrapper: InstanceWrapper): Promise<void> {
    const { instance, metatype } = wrapper;
    const isStatic = wrapper.isDependencyTreeStatic();
    const prototype = isStatic
      ? instance && typeof instance === 'object' && Object.getPrototypeOf(instance)
      : typeof metatype === 'function' && metatype.prototype;
    if (!prototype || wrapper.isNotMetatype) return;
    const className = (prototype as { constructor: { name: string } }).constructor.name;
    for (const methodName of this.scanner.getAllMethodNames(prototype as object)) {
      const method = (prototype as Record<string, (...args: never[]) => unknown>)[methodName];
      const origin = `${className}#${methodName}`;
      const hooks = this.accessor.getHooks(method);
      if (hooks.length > 0) bindMcpHooks(this.server, wrapper, methodName, hooks, origin);
      const custom = this.accessor.getCustomMethod(method);
      if (custom) {
        const handler = this.handlers.create(wrapper, methodName);
        this.server.registerMethod(custom.method, handler, { ...custom.options, origin });
      }
      if (Reflect.getMetadata(MCP_ROUTE_TOOL_METADATA, method)) {
        throw new Error(
          `${className}#${methodName}: @RouteTool marks a controller route; use @Tool on providers`,
        );
      }
      const found = this.accessor.getMetadata(method);
      if (found.length === 0) continue;
      const handler = this.handlers.create(wrapper, methodName);
      const visible = this.options.hideDeniedFromLists
        ? this.handlers.createGuardCheck(wrapper, methodName)
        : undefined;
      for (const metadata of found) {
        const scoped = this.scoped(
          metadata,
          methodName,
          scopesOfHandler((prototype as { constructor: object }).constructor, method),
        );
        const options = {
          ...metadata.options,
          visible: metadata.options.visible ?? this.withScopes(visible, scoped),
          ...('complete' in metadata.options &&
            metadata.options.complete && {
              complete: this.completers(metadata.options.complete, wrapper, className),
            }),
        };
        // A skill's entry and files are served without calling the method: its guards run
        // before each (a generated SKILL.md runs them in its handler's pipeline).
        if (metadata.kind === 'skill' && !metadata.options.guard) {
          Object.assign(options, { guard: this.handlers.createGuard(wrapper, methodName) });
        }
        if (metadata.kind === 'tool') {
          await withDtoInput(options as McpToolOptions, origin);
          this.withSecuritySchemes(options as McpToolOptions, scoped);
        }
        this.register({ ...metadata, options } as McpMethodMetadata, handler, methodName, origin);
      }
    }
  }

  /** Records the scopes `@McpScopes()` asks for this primitive; its kind and name for the check. */
  private scoped(
    metadata: McpMethodMetadata,
    methodName: string,
    scopes: string[],
  ): { kind: McpScopedKind; name: string } | undefined {
    if (!this.resourceServer.enabled) return undefined;
    const kind: McpScopedKind =
      metadata.kind === 'tool' ? 'tools' : metadata.kind === 'prompt' ? 'prompts' : 'resources';
    if (metadata.kind === 'appView') return undefined;
    // A skill's files are resources named for it (see McpResourceServer.resourceNameOf).
    const name = metadata.options.name ?? methodName;
    this.resourceServer.requireScopes(kind, name, scopes);
    return { kind, name };
  }

  /** With `hideDeniedFromLists`, also hides a primitive whose scopes the caller's token lacks. */
  private withScopes(
    visible: VisibilityPredicate | undefined,
    scoped: { kind: McpScopedKind; name: string } | undefined,
  ): VisibilityPredicate | undefined {
    if (!this.options.hideDeniedFromLists || !scoped) return visible;
    const { kind, name } = scoped;
    return async (ctx) =>
      this.resourceServer.allows(
        ctx.transport.request,
        this.resourceServer.scopesFor(kind, name),
      ) && (visible ? await visible(ctx) : true);
  }

  /**
   * Per-tool `securitySchemes` in `_meta` (as ChatGPT apps read them): `oauth2` with the scopes a
   * call needs, or `noauth` for a tool anyone may call (no scopes, endpoint not protected).
   */
  private withSecuritySchemes(
    options: McpToolOptions,
    scoped: { kind: McpScopedKind; name: string } | undefined,
  ): void {
    if (!scoped || options._meta?.securitySchemes !== undefined) return;
    const scopes = this.resourceServer.scopesFor('tools', scoped.name);
    const securitySchemes =
      scopes.length === 0 && !this.resourceServer.protectsEndpoint
        ? [{ type: 'noauth' }]
        : [{ type: 'oauth2', scopes }];
    options._meta = { ...options._meta, securitySchemes };
  }

  /** Resolves completers named by method (`complete: { city: 'completeCity' }`) on the provider. */
  private completers(
    completers: McpCompleters,
    wrapper: InstanceWrapper,
    className: string,
  ): Record<string, ArgumentCompleter> {
    const resolved: Record<string, ArgumentCompleter> = {};
    for (const [argument, completer] of Object.entries(completers)) {
      if (typeof completer === 'function') {
        resolved[argument] = completer;
        continue;
      }
      const instance = wrapper.instance as Record<string, unknown> | undefined;
      const method = instance?.[completer];
      if (!wrapper.isDependencyTreeStatic() || typeof method !== 'function') {
        throw new Error(
          `${className}: completer "${completer}" for "${argument}" must be a method of a singleton provider`,
        );
      }
      resolved[argument] = (method as ArgumentCompleter).bind(instance);
    }
    return resolved;
  }

  private register(
    metadata: McpMethodMetadata,
    handler: McpInvokable,
    methodName: string,
    origin: string,
  ): void {
    const name = metadata.options.name ?? methodName;
    switch (metadata.kind) {
      case 'tool':
        // A DTO inputSchema is a Standard Schema by now (see withDtoInput()).
        return this.server.registerTool(
          { ...(metadata.options as ToolOptions), name, origin },
          handler as never,
        );
      case 'prompt':
        // Completers are functions by now (see completers()).
        return this.server.registerPrompt(
          { ...(metadata.options as PromptOptions), name, origin },
          handler as never,
        );
      case 'resource':
        return this.server.registerResource(
          { ...metadata.options, name, origin },
          handler as never,
        );
      case 'resourceTemplate':
        return this.server.registerResourceTemplate(
          { ...(metadata.options as ResourceTemplateOptions), name, origin },
          handler as never,
        );
      case 'skill': {
        const { instructions, files } = metadata.options;
        const dynamic = instructions === undefined && files === undefined;
        const produce = dynamic ? handler : undefined;
        return this.server.registerSkill({ ...metadata.options, origin }, produce as never);
      }
      case 'appView': {
        const { html, file } = metadata.options;
        const produce = html === undefined && file === undefined ? handler : undefined;
        return this.server.registerAppView({ ...metadata.options, origin }, produce as never);
      }
    }
  }
}
