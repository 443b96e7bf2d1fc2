import { resolveToolUi, textOnlyTools } from '../../../../../lib/server/registry/tool-ui.js';
import type { Tool } from '../../../../../lib/protocol/schema/index.js';

const tool = (name: string, meta?: Record<string, unknown>): Tool =>
  ({ name, inputSchema: { type: 'object' }, ...(meta && { _meta: meta }) }) as Tool;

describe('resolveToolUi', () => {
  it('adds _meta.ui and the legacy key, visibility defaulting to both', () => {
    expect(resolveToolUi({ view: 'ui://a/b' }, 'T#m').meta).toEqual({
      ui: { resourceUri: 'ui://a/b', visibility: ['model', 'app'] },
      'ui/resourceUri': 'ui://a/b',
    });
  });

  it('refuses a view that is not ui:// and an empty or unknown visibility, naming the origin', () => {
    expect(() => resolveToolUi({ view: 'https://x/y' }, 'T#m')).toThrow(
      'T#m: ui.view must be a ui:// URI, got "https://x/y"',
    );
    expect(() => resolveToolUi({ view: 'ui://a', visibility: [] }, 'T#m')).toThrow(
      "T#m: ui.visibility must list 'model' and/or 'app'",
    );
    expect(() => resolveToolUi({ view: 'ui://a', visibility: ['user' as never] }, 'T#m')).toThrow(
      /visibility/,
    );
  });
});

describe('textOnlyTools', () => {
  const page = Object.freeze([
    tool('plain'),
    tool('shown', {
      ui: { resourceUri: 'ui://v', visibility: ['model', 'app'] },
      'ui/resourceUri': 'ui://v',
      other: 1,
    }),
    tool('legacyOnly', { 'ui/resourceUri': 'ui://v' }),
    tool('appOnly', { ui: { resourceUri: 'ui://v', visibility: ['app'] } }),
  ]);

  it('strips view metadata, keeps other _meta, drops app-only tools', () => {
    expect(textOnlyTools(page)).toEqual([
      tool('plain'),
      tool('shown', { other: 1 }),
      tool('legacyOnly'),
    ]);
  });

  it('converts a frozen page once and returns a page without views as is', () => {
    const first = textOnlyTools(page);
    expect(textOnlyTools(page)).toBe(first);
    expect(Object.isFrozen(first)).toBe(true);
    const plain = Object.freeze([tool('a'), tool('b', { x: 1 })]);
    expect(textOnlyTools(plain)).toBe(plain);
  });
});
