import type { McpClientManager } from '../../client/manager/mcp-client-manager.js';
import type { McpServer } from '../../server/mcp-server.js';
import { forwardedCallOptions, upstreamFailure } from './forward-call.js';

/** Injection token of the gateway's `forwardMethods` map. */
export const MCP_GATEWAY_METHODS = 'nestjs-mcp:McpGatewayMethods';

/**
 * Serves each vendor method of `methods` (method → upstream server name) on the gateway's server
 * by sending it to that upstream with the same params; the upstream's result is the answer, its
 * JSON-RPC error passes through, any other failure is `-32603` naming the server. Cancellation,
 * progress and trace context follow the call as for tools.
 */
export function registerForwardedMethods(
  server: McpServer,
  manager: McpClientManager,
  methods: Readonly<Record<string, string>>,
): void {
  for (const [method, upstream] of Object.entries(methods)) {
    server.registerMethod(method, async (params, ctx) => {
      try {
        const options = forwardedCallOptions(ctx, ctx.signal);
        return await manager.get(upstream).request(method, params, options);
      } catch (error) {
        throw upstreamFailure(upstream, error);
      }
    });
  }
}
