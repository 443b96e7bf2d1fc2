import type { McpAggregated } from '../../client/manager/aggregate.interface.js';
import type { McpClientManager } from '../../client/manager/mcp-client-manager.js';
import type { Prompt, Resource, ResourceTemplate, Tool } from '../../protocol/schema/index.js';
import type { McpServer } from '../../server/mcp-server.js';
import type { JsonSchema } from '../../server/schema/json-schema.interface.js';
import { UriTemplate } from '../../server/uri-template/index.js';
import type { McpContext } from '../../server/context/mcp-context.js';
import {
  forwardedCallOptions as callOptions,
  principalClaimMeta,
  upstreamFailure,
} from './forward-call.js';
import type { McpGatewayPrincipalClaims } from './mcp-gateway-options.interface.js';
import { templateVariables, upstreamCompleters } from './gateway-completers.js';
import type { McpGatewayInvoker } from './mcp-gateway-invoker.js';
import type { McpGatewayTarget } from './mcp-gateway-target.js';
import type { UpstreamInputRelay } from './upstream-input-relay.js';

/** The kinds of item the gateway registers here (skills: `GatewaySkills`). */
export type RegistrationKind = Exclude<McpGatewayTarget['kind'], 'skill'>;

/** The descriptor fields every primitive shares, copied when present. */
function shared(d: {
  title?: string | undefined;
  description?: string | undefined;
  icons?: unknown;
  _meta?: unknown;
}) {
  return {
    ...(d.title !== undefined && { title: d.title }),
    ...(d.description !== undefined && { description: d.description }),
    ...(d.icons !== undefined && { icons: d.icons as never }),
    ...(d._meta !== undefined && { _meta: d._meta as Record<string, unknown> }),
  };
}

/**
 * Registers and removes one upstream item on the app's McpServer: options from the upstream
 * descriptor (schemas as raw JSON Schema, sent verbatim), a handler that runs through the
 * gateway's pipeline and forwards the call to the upstream server.
 */
export class GatewayRegistrations {
  constructor(
    private readonly server: McpServer,
    private readonly manager: McpClientManager,
    private readonly invoker: McpGatewayInvoker,
    private readonly relay: UpstreamInputRelay,
    private readonly hideDenied: boolean,
    /** Whether calls keep their context for `getCurrentMcpContext()` (the module's `asyncContext`). */
    private readonly keepContext = true,
    /** How the caller's identity is signed for the upstreams (none: not sent). */
    private readonly claims?: McpGatewayPrincipalClaims,
  ) {}

  /** Registers the item under `key` (exposed name, URI or URI template). */
  add(kind: RegistrationKind, key: string, item: McpAggregated<never>): void {
    const target: McpGatewayTarget = {
      kind,
      server: item.server,
      name: key,
      upstreamName: item.upstreamName,
    };
    const origin = `McpGateway:${item.server}/${item.upstreamName}`;
    const visible = this.hideDenied ? this.invoker.createGuardCheck(target) : undefined;
    const base = { origin, ...(visible && { visible }) };
    const forwardedCallOptions = (ctx: McpContext, signal: AbortSignal) => ({
      ...callOptions(ctx, signal, principalClaimMeta(this.claims, ctx, item.server)),
      input: this.relay.inputOf(signal),
    });
    const handler = (
      call: (first: unknown, ctx: McpContext, signal: AbortSignal) => Promise<unknown>,
    ) =>
      this.invoker.create(
        target,
        (first, ctx) =>
          this.relay
            .track(item.server, ctx, (signal) => call(first, ctx, signal))
            .catch((error: unknown) => {
              throw upstreamFailure(item.server, error);
            }),
        this.keepContext,
      ) as never;
    switch (kind) {
      case 'tool': {
        const d = item.descriptor as Tool;
        return this.server.registerTool(
          {
            ...base,
            ...shared(d),
            name: key,
            inputSchema: d.inputSchema as JsonSchema,
            ...(d.outputSchema && { outputSchema: d.outputSchema as JsonSchema }),
            ...(d.annotations && { annotations: d.annotations }),
          },
          handler((args, ctx, signal) =>
            this.manager.callTool(
              key,
              args as Record<string, unknown>,
              forwardedCallOptions(ctx, signal),
            ),
          ),
        );
      }
      case 'prompt': {
        const d = item.descriptor as Prompt;
        const args = d.arguments ?? [];
        const ref = { type: 'ref/prompt' as const, name: item.upstreamName };
        const complete = upstreamCompleters(
          this.manager,
          item.server,
          ref,
          args.map((a) => a.name),
        );
        return this.server.registerPrompt(
          {
            ...base,
            ...shared(d),
            name: key,
            arguments: args.map((a) => ({
              name: a.name,
              ...shared(a),
              ...(a.required !== undefined && { required: a.required }),
            })),
            ...(complete && { complete }),
          },
          handler((args, ctx, signal) =>
            this.manager.getPrompt(key, definedStrings(args), forwardedCallOptions(ctx, signal)),
          ),
        );
      }
      case 'resource': {
        const d = item.descriptor as Resource;
        return this.server.registerResource(
          {
            ...base,
            ...shared(d),
            uri: d.uri,
            name: d.name,
            ...(d.mimeType !== undefined && { mimeType: d.mimeType }),
            ...(d.size !== undefined && { size: d.size }),
            ...(d.annotations && { annotations: d.annotations }),
          },
          handler((uri, ctx, signal) =>
            this.manager.readResource(String(uri), {
              server: item.server,
              ...forwardedCallOptions(ctx, signal),
            }),
          ),
        );
      }
      case 'resourceTemplate': {
        const d = item.descriptor as ResourceTemplate;
        const template = new UriTemplate(d.uriTemplate);
        const ref = { type: 'ref/resource' as const, uri: d.uriTemplate };
        const names = templateVariables(d.uriTemplate);
        const complete = upstreamCompleters(this.manager, item.server, ref, names);
        return this.server.registerResourceTemplate(
          {
            ...base,
            ...shared(d),
            uriTemplate: d.uriTemplate,
            name: d.name,
            ...(d.mimeType !== undefined && { mimeType: d.mimeType }),
            ...(d.annotations && { annotations: d.annotations }),
            ...(complete && { complete }),
          },
          handler((variables, ctx, signal) =>
            this.manager.readResource(template.expand(variables as never), {
              server: item.server,
              ...forwardedCallOptions(ctx, signal),
            }),
          ),
        );
      }
    }
  }

  /** Removes the item registered under `key`. */
  remove(kind: RegistrationKind, key: string): void {
    if (kind === 'tool') this.server.removeTool(key);
    else if (kind === 'prompt') this.server.removePrompt(key);
    else if (kind === 'resource') this.server.removeResource(key);
    else this.server.removeResourceTemplate(key);
  }
}

/** Prompt arguments as the upstream takes them: strings, the undefined ones left out. */
function definedStrings(args: unknown): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries((args ?? {}) as Record<string, unknown>)) {
    if (value !== undefined) out[name] = String(value);
  }
  return out;
}
