import { ToolHeaderRegistry } from '../../../../lib/client/modern/tool-header-registry.js';
import { TransportError } from '../../../../lib/errors/transport.error.js';

const tool = (name: string, header: unknown, type = 'string') => ({
  name,
  inputSchema: { type: 'object', properties: { v: { type, 'x-mcp-header': header } } },
});

describe('ToolHeaderRegistry', () => {
  it('keeps valid tools with their rules and drops invalid ones with one warning each', () => {
    const registry = new ToolHeaderRegistry();
    const warnings: Error[] = [];
    const result = registry.accept(
      { tools: [tool('ok', 'Region'), tool('bad', 'Bad Name'), tool('num', 'N', 'number')] },
      (error) => warnings.push(error),
    ) as { tools: Array<{ name: string }> };
    expect(result.tools.map((t) => t.name)).toEqual(['ok']);
    expect(warnings.map((w) => w.message)).toEqual([
      expect.stringMatching(/^Tool "bad" is not usable/),
      expect.stringMatching(/^Tool "num" is not usable/),
    ]);
    expect(registry.rulesFor('ok')).toEqual([
      { path: ['v'], header: 'Region', headerLower: 'mcp-param-region', type: 'string' },
    ]);
    expect(registry.refusal('bad')).toBeInstanceOf(TransportError);
    expect(registry.refusal('ok')).toBeUndefined();
  });

  it('returns an all-valid page unchanged and knows nothing of unlisted tools', () => {
    const registry = new ToolHeaderRegistry();
    const page = { tools: [tool('ok', 'Region')] };
    expect(registry.accept(page, () => undefined)).toBe(page);
    expect(registry.knows('ok')).toBe(true);
    expect(registry.knows('other')).toBe(false);
    expect(registry.rulesFor('other')).toEqual([]);
  });

  it('forgets a refusal once the tool is listed valid again', () => {
    const registry = new ToolHeaderRegistry();
    registry.accept({ tools: [tool('t', '')] }, () => undefined);
    expect(registry.refusal('t')).toBeDefined();
    registry.accept({ tools: [tool('t', 'T')] }, () => undefined);
    expect(registry.refusal('t')).toBeUndefined();
  });
});
