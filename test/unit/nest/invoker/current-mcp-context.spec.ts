import type { McpContext } from '../../../../lib/server/context/mcp-context.js';
import {
  currentContextActive,
  getCurrentMcpContext,
  inCurrentContext,
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

  // Node 20 and 22 (hook-based storage): on only while a call runs, so the promises between calls
  // pay no async hooks; a call's context survives other calls starting and ending meanwhile.
  const hookBased = Number(process.versions.node.split('.')[0]) < 24;
  (hookBased ? it : it.skip)('is on only while a call runs', async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const waiting = withCurrentContext(true, async () => {
      await gate;
      await new Promise((resolve) => setImmediate(resolve));
      return getCurrentMcpContext();
    });
    const other = { requestId: 2 } as unknown as McpContext;
    const first = waiting(undefined, ctx);
    expect(currentContextActive()).toBe(true);
    await expect(withCurrentContext(true, ambient)(undefined, other)).resolves.toBe(other);
    expect(currentContextActive()).toBe(true);
    release();
    await expect(first).resolves.toBe(ctx);
    expect(currentContextActive()).toBe(false);
    expect(getCurrentMcpContext()).toBeUndefined();
  });

  it('is off again after a call that throws before returning', () => {
    const thrower = withCurrentContext(true, (): Promise<never> => {
      throw new Error('at once');
    });
    expect(() => thrower(undefined, ctx)).toThrow('at once');
    if (hookBased) expect(currentContextActive()).toBe(false);
  });

  it('covers a method alone: left at once when it answers at once, after it settles otherwise', async () => {
    expect(inCurrentContext(ctx, () => getCurrentMcpContext())).toBe(ctx);
    if (hookBased) expect(currentContextActive()).toBe(false);
    const later = inCurrentContext(ctx, ambient);
    if (hookBased) expect(currentContextActive()).toBe(true);
    await expect(later).resolves.toBe(ctx);
    if (hookBased) expect(currentContextActive()).toBe(false);
    expect(() =>
      inCurrentContext(ctx, () => {
        throw new Error('at once');
      }),
    ).toThrow('at once');
    await expect(inCurrentContext(ctx, () => Promise.reject(new Error('later')))).rejects.toThrow(
      'later',
    );
    if (hookBased) expect(currentContextActive()).toBe(false);
    expect(getCurrentMcpContext()).toBeUndefined();
  });
});
