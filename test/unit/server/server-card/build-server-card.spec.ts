import { McpServer } from '../../../../lib/server/mcp-server.js';
import {
  buildServerCard,
  serverCardName,
} from '../../../../lib/server/server-card/build-server-card.js';

/** A server with a public tool, a tool shown per caller, and a prompt. */
function source(authenticated: boolean, primitives?: boolean) {
  const server = new McpServer({ name: 'io.github.acme/weather', version: '2.1.0' });
  server.registerTool({ name: 'forecast' }, () => 'sunny');
  server.registerTool({ name: 'admin_reset', visible: () => false }, () => 'done');
  server.registerPrompt({ name: 'plan_trip' }, () => 'plan');
  return {
    options: server.core.options,
    identity: primitives === undefined ? {} : { primitives },
    capabilities: server.core.getCapabilities(),
    primitives: server.core.primitives,
    authenticated,
    remotes: [],
  };
}

describe('buildServerCard', () => {
  it('lists what every caller sees: a tool shown per caller is left out', () => {
    const card = buildServerCard(source(false));
    expect(card.tools?.map((tool) => tool.name)).toEqual(['forecast']);
    expect(card.prompts?.map((prompt) => prompt.name)).toEqual(['plan_trip']);
    expect(card.remotes).toBeUndefined();
  });

  it('leaves the primitives out of the card of a token-protected server, marking the lists dynamic', () => {
    const card = buildServerCard(source(true));
    expect(card.tools).toBeUndefined();
    expect(card.prompts).toBeUndefined();
    expect(card.capabilities.tools).toEqual({ listChanged: true });
    expect(card.capabilities.prompts).toEqual({ listChanged: true });
    // Asked for explicitly, they are listed even then.
    expect(buildServerCard(source(true, true)).tools?.map((tool) => tool.name)).toEqual([
      'forecast',
    ]);
  });

  it('refuses a name without exactly one "/" and a version range', () => {
    expect(() => serverCardName({ name: 'a/b/c', version: '1.0.0' }, {})).toThrow(/reverse-DNS/);
    expect(() => serverCardName({ name: 'weather', version: '1.0.0' }, {})).toThrow(
      /serverCard\.name/,
    );
    expect(serverCardName({ name: 'weather', version: '1.0.0' }, { name: 'io.acme/weather' })).toBe(
      'io.acme/weather',
    );
    for (const range of ['^1.2.3', '~1.2.3', '>=1.2.3', '1.x', '1.*']) {
      expect(() => serverCardName({ name: 'io.acme/w', version: range }, {})).toThrow(/a range/);
    }
    expect(serverCardName({ name: 'io.acme/w', version: '2.1.0-alpha' }, {})).toBe('io.acme/w');
  });
});
