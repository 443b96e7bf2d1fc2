import {
  Inject,
  Injectable,
  Logger,
  type OnApplicationBootstrap,
  type OnModuleDestroy,
} from '@nestjs/common';
import { ModuleRef } from '@nestjs/core';
import { MCP_GATEWAY_METHODS, registerForwardedMethods } from './forward-methods.js';
import type { Subscription } from 'rxjs';
import type { McpAggregate, McpAggregated } from '../../client/manager/aggregate.interface.js';
import { McpClientManager } from '../../client/manager/mcp-client-manager.js';
import { McpServer } from '../../server/mcp-server.js';
import type { McpModuleOptions } from '../mcp-module-options.interface.js';
import { keepsCurrentContext } from '../invoker/current-mcp-context.js';
import { MCP_MODULE_OPTIONS } from '../mcp.module-definition.js';
import { MCP_GATEWAY_CLAIMS } from './forward-call.js';
import type { McpGatewayPrincipalClaims } from './mcp-gateway-options.interface.js';
import { GatewayRegistrations, type RegistrationKind } from './gateway-registrations.js';
import { GatewaySkills } from './gateway-skills.js';
import { McpGatewayInvoker } from './mcp-gateway-invoker.js';
import { UpstreamInputRelay } from './upstream-input-relay.js';

type Kind = RegistrationKind;
const LIST_OF: Record<Kind, keyof McpAggregate> = {
  tool: 'tools',
  prompt: 'prompts',
  resource: 'resources',
  resourceTemplate: 'resourceTemplates',
};
const KEY_OF: Record<Kind, (item: McpAggregated<never>) => string> = {
  tool: (i) => (i.descriptor as { name: string }).name,
  prompt: (i) => (i.descriptor as { name: string }).name,
  resource: (i) => i.upstreamName,
  resourceTemplate: (i) => i.upstreamName,
};

/**
 * Keeps the app's McpServer in step with the gateway's aggregate: each upstream tool, prompt,
 * resource and template is a runtime registration (so `list_changed` reaches the downstream
 * clients), re-registered when its descriptor changes and removed when its server leaves; an
 * upstream's own `list_changed` is announced downstream too. An item
 * that cannot be served (a name or schema the server refuses, a local item of the same name) is
 * left out with a warning.
 */
@Injectable()
export class McpGatewayRegistrar implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger('McpGateway');
  private readonly registered = new Map<Kind, Map<string, string>>();
  private readonly refused = new Map<string, string>();
  private subscription: Subscription | undefined;
  private server!: McpServer;
  private registrations!: GatewayRegistrations;
  private skills!: GatewaySkills;

  constructor(
    private readonly manager: McpClientManager,
    private readonly invoker: McpGatewayInvoker,
    private readonly relay: UpstreamInputRelay,
    private readonly moduleRef: ModuleRef,
    @Inject(MCP_GATEWAY_METHODS) private readonly methods: Readonly<Record<string, string>>,
    @Inject(MCP_GATEWAY_CLAIMS) private readonly claims: McpGatewayPrincipalClaims | null,
  ) {}

  /**
   * After every module's init: the local `@Tool`s are registered (a local name wins over an
   * upstream one) and the manager made its first attempts.
   */
  onApplicationBootstrap(): void {
    try {
      this.server = this.moduleRef.get(McpServer, { strict: false });
    } catch (error) {
      throw new Error('McpGatewayModule needs McpModule.forRoot() (or forRootAsync()) in the app', {
        cause: error,
      });
    }
    const options = this.moduleOptions();
    this.registrations = new GatewayRegistrations(
      this.server,
      this.manager,
      this.invoker,
      this.relay,
      options?.hideDeniedFromLists ?? false,
      keepsCurrentContext(options),
      this.claims ?? undefined,
    );
    this.skills = new GatewaySkills(this.server, this.manager, (m) => this.logger.warn(m), {
      invoker: this.invoker,
      hideDenied: options?.hideDeniedFromLists ?? false,
      claims: this.claims ?? undefined,
    });
    registerForwardedMethods(this.server, this.manager, this.methods);
    this.subscription = this.manager.aggregate$.subscribe((aggregate) => this.sync(aggregate));
    // An upstream's list_changed is announced on, as the service would to a direct client, even
    // when its refreshed list registers nothing new (bursts coalesce in the server).
    this.subscription.add(
      this.manager.listChanged$.subscribe(({ kind }) => this.server.notifyListChanged(kind)),
    );
  }

  onModuleDestroy(): void {
    this.subscription?.unsubscribe();
  }

  private moduleOptions(): McpModuleOptions | undefined {
    try {
      return this.moduleRef.get<McpModuleOptions>(MCP_MODULE_OPTIONS, { strict: false });
    } catch {
      return undefined;
    }
  }

  private sync(aggregate: McpAggregate): void {
    for (const kind of Object.keys(LIST_OF) as Kind[]) {
      const items = aggregate[LIST_OF[kind]] as readonly McpAggregated<never>[];
      this.syncKind(kind, kind === 'resource' ? items.filter((i) => !isSkillFile(i)) : items);
    }
    void this.skills.sync(aggregate);
  }

  private syncKind(kind: RegistrationKind, items: readonly McpAggregated<never>[]): void {
    const registered = this.registered.get(kind) ?? new Map<string, string>();
    this.registered.set(kind, registered);
    const wanted = new Map(items.map((item) => [KEY_OF[kind](item), item]));
    for (const [key, print] of registered) {
      const item = wanted.get(key);
      if (item && fingerprint(item) === print) continue;
      this.registrations.remove(kind, key);
      registered.delete(key);
    }
    for (const [key, item] of wanted) {
      if (registered.has(key)) continue;
      const print = fingerprint(item);
      try {
        this.registrations.add(kind, key, item);
        registered.set(key, print);
        this.refused.delete(`${kind}:${key}`);
      } catch (error) {
        if (this.refused.get(`${kind}:${key}`) === print) continue;
        this.refused.set(`${kind}:${key}`, print);
        this.logger.warn(
          `${item.server}: ${kind} "${key}" not served: ${(error as Error).message}`,
        );
      }
    }
  }
}

/** An upstream skill's file: served under the server's skill prefix instead (GatewaySkills). */
function isSkillFile(item: McpAggregated<never>): boolean {
  return item.upstreamName.startsWith('skill://');
}

/** What makes a registration stale: its server or descriptor changed. */
function fingerprint(item: McpAggregated<unknown>): string {
  return `${item.server}\u0000${JSON.stringify(item.descriptor)}`;
}
