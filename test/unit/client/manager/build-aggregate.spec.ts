import { McpNameCollisionError } from '../../../../lib/errors/mcp-name-collision.error.js';
import {
  buildAggregate,
  resolveNamespace,
} from '../../../../lib/client/manager/build-aggregate.js';
import type { ServerLists } from '../../../../lib/client/manager/aggregate.interface.js';
import type { McpNamespaceOptions } from '../../../../lib/client/manager/mcp-client-manager-options.interface.js';

const tool = (name: string) => ({ name, inputSchema: { type: 'object' as const } });
const lists = (tools: string[], extra: Partial<ServerLists> = {}): ServerLists => ({
  tools: tools.map(tool),
  prompts: [],
  resources: [],
  resourceTemplates: [],
  ...extra,
});
const servers = [
  ['weather', lists(['forecast', 'search'], { prompts: [{ name: 'greet' }] })],
  ['web', lists(['search', 'fetch'])],
] as const;
const build = (namespace: McpNamespaceOptions) =>
  buildAggregate(servers, resolveNamespace(namespace));
const toolNames = (namespace: McpNamespaceOptions) =>
  build(namespace).aggregate.tools.map((t) => `${t.server}:${t.upstreamName}=${t.descriptor.name}`);

describe('buildAggregate', () => {
  it("prefixes every name by default ('prefix-always', '__')", () => {
    expect(toolNames({})).toEqual([
      'weather:forecast=weather__forecast',
      'weather:search=weather__search',
      'web:search=web__search',
      'web:fetch=web__fetch',
    ]);
    expect(build({}).aggregate.prompts[0]?.descriptor.name).toBe('weather__greet');
    expect(build({}).collisions).toEqual([]);
  });

  it('takes a separator or a format function', () => {
    expect(toolNames({ separator: '.' })[0]).toBe('weather:forecast=weather.forecast');
    expect(toolNames({ format: (s, n) => `${n}@${s}` })[0]).toBe(
      'weather:forecast=forecast@weather',
    );
  });

  it("'prefix-on-collision' prefixes only the shared names", () => {
    expect(toolNames({ collisions: 'prefix-on-collision' })).toEqual([
      'weather:forecast=forecast',
      'weather:search=weather__search',
      'web:search=web__search',
      'web:fetch=fetch',
    ]);
  });

  it("'error' keeps bare names and reports each duplicate naming both servers", () => {
    const { aggregate, collisions } = build({ collisions: 'error' });
    expect(aggregate.tools.map((t) => t.descriptor.name)).toEqual(['forecast', 'search', 'fetch']);
    expect(collisions).toHaveLength(1);
    expect(collisions[0]).toBeInstanceOf(McpNameCollisionError);
    expect(collisions[0]?.message).toMatch(/^Tool "search" is offered by both "weather" and "web"/);
  });

  it('keeps URIs as they are; the first server keeps a URI two servers list', () => {
    const resource = { uri: 'file:///a', name: 'a' };
    const template = { uriTemplate: 'db://{id}', name: 'row' };
    const { aggregate, collisions } = buildAggregate(
      [
        ['one', lists([], { resources: [resource], resourceTemplates: [template] })],
        ['two', lists([], { resources: [resource] })],
      ],
      resolveNamespace(),
    );
    expect(aggregate.resources).toEqual([
      { server: 'one', upstreamName: 'file:///a', descriptor: resource },
    ]);
    expect(aggregate.resourceTemplates[0]).toMatchObject({
      server: 'one',
      upstreamName: 'db://{id}',
    });
    expect(collisions.map((c) => c.message)).toEqual([
      expect.stringMatching(/^Resource "file:\/\/\/a" is offered by both "one" and "two"/),
    ]);
  });

  it('leaves the upstream descriptor untouched (a renamed copy is exposed)', () => {
    const original = servers[0][1].tools[0]!;
    const exposed = build({}).aggregate.tools[0]!.descriptor;
    expect(exposed).not.toBe(original);
    expect(original.name).toBe('forecast');
    expect(exposed).toEqual({ ...original, name: 'weather__forecast' });
  });
});
