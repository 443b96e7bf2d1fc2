import type { McpContext } from '../../../../lib/server/context/mcp-context.js';
import {
  getCurrentMcpContext,
  runWithMcpContext,
} from '../../../../lib/nest/invoker/current-mcp-context.js';

describe('getCurrentMcpContext', () => {
  const ctx = { requestId: 1 } as unknown as McpContext;

  it('is undefined outside an MCP call', () => {
    expect(getCurrentMcpContext()).toBeUndefined();
  });

  it('returns the context of the call being run, across awaits', async () => {
    const seen = await runWithMcpContext(ctx, async () => {
      await new Promise((resolve) => setImmediate(resolve));
      return getCurrentMcpContext();
    });
    expect(seen).toBe(ctx);
    expect(getCurrentMcpContext()).toBeUndefined();
  });
});
