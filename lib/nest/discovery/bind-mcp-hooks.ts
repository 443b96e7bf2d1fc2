import type { InstanceWrapper } from '@nestjs/core/injector/instance-wrapper.js';
import type { McpServer } from '../../server/mcp-server.js';
import type { McpHookMetadata } from '../decorators/mcp-hooks.decorator.js';

type Listener = (event: unknown) => unknown;

/**
 * Subscribes one decorated provider method to the server's lifecycle hooks
 * (`@OnMcpClientInitialized`, `@OnMcpNotification`, `@OnMcpSessionEnded`). Hooks run outside any
 * request, so the provider must be a singleton; otherwise the bootstrap fails naming it.
 */
export function bindMcpHooks(
  server: McpServer,
  wrapper: InstanceWrapper,
  methodName: string,
  hooks: readonly McpHookMetadata[],
  origin: string,
): void {
  const instance = wrapper.instance as Record<string, Listener> | undefined;
  if (!wrapper.isDependencyTreeStatic() || typeof instance?.[methodName] !== 'function') {
    throw new Error(`${origin}: MCP lifecycle hooks must be methods of a singleton provider`);
  }
  const call = (event: unknown) => instance[methodName]!.call(instance, event) as void;
  for (const hook of hooks) {
    switch (hook.event) {
      case 'initialized':
        server.onClientInitialized(call);
        break;
      case 'sessionEnded':
        server.onSessionEnded(call);
        break;
      case 'notification': {
        const only = hook.method;
        server.onClientNotification((event) =>
          only === undefined || event.method === only ? call(event) : undefined,
        );
        break;
      }
    }
  }
}
