import type { McpContext } from '../../../../lib/server/context/mcp-context.js';
import {
  getCurrentMcpContext,
  registerContextKeeping,
  withCurrentContext,
} from '../../../../lib/nest/invoker/current-mcp-context.js';

describe('getCurrentMcpContext', () => {
  const ctx = { requestId: 1 } as unknown as McpContext;
  const ambient = async () => {
    await new Promise((resolve) => setImmediate(resolve));
    return getCurrentMcpContext();
  };

  it('is undefined outside an MCP call', () => {
    expect(getCurrentMcpContext()).toBeUndefined();
  });

  it('returns the context of the call being run, across awaits', async () => {
    const seen = await withCurrentContext(true, ambient)(undefined, ctx);
    expect(seen).toBe(ctx);
    expect(getCurrentMcpContext()).toBeUndefined();
  });

  it('is kept by an invoker that keeps it, and not by one that does not', async () => {
    const invoke = (_first: unknown, _ctx: McpContext) => ambient();
    await expect(withCurrentContext(true, invoke)(undefined, ctx)).resolves.toBe(ctx);
    expect(withCurrentContext(false, invoke)).toBe(invoke);
    await expect(withCurrentContext(false, invoke)(undefined, ctx)).resolves.toBeUndefined();
  });

  it('throws, saying why, while every MCP module has turned it off', () => {
    const release = registerContextKeeping(false);
    try {
      expect(() => getCurrentMcpContext()).toThrow(/asyncContext: false/);
      const keeping = registerContextKeeping(true);
      expect(getCurrentMcpContext()).toBeUndefined();
      keeping();
      expect(() => getCurrentMcpContext()).toThrow(/turned off/);
    } finally {
      release();
      release(); // a second release does not count twice
    }
    expect(getCurrentMcpContext()).toBeUndefined();
  });
});
