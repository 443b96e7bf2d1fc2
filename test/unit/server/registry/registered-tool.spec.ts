import { syncValidation } from '../../../../lib/server/schema/json-schema.interface.js';
import { z } from 'zod';
import { compileTool } from '../../../../lib/server/registry/registered-tool.js';
import { SchemaCompiler } from '../../../../lib/server/schema/schema-compiler.js';

const handler = () => 'ok';

describe('compileTool', () => {
  const compiler = new SchemaCompiler();

  it.each(['a', 'get_weather', 'ns.tool-v2', 'A'.repeat(128), 'x_1.2-Z'])(
    'accepts the valid name %s',
    (name) => {
      expect(compileTool({ name }, handler, compiler).key).toBe(name);
    },
  );

  it.each(['', 'has space', 'slash/name', 'ünïcode', 'A'.repeat(129), 'colon:x', 'at@x'])(
    'rejects the invalid name %j, naming the origin',
    (name) => {
      expect(() => compileTool({ name, origin: 'Tools#bad' }, handler, compiler)).toThrow(
        `Tools#bad: invalid tool name "${name}"`,
      );
    },
  );

  it('defaults the origin to the tool name in errors', () => {
    expect(() => compileTool({ name: 'bad name' }, handler, compiler)).toThrow(
      /^tool "bad name": invalid tool name/,
    );
  });

  it('builds the tools/list descriptor with only the given fields, frozen', () => {
    const tool = compileTool({ name: 'bare' }, handler, compiler);
    expect(tool.descriptor).toEqual({
      name: 'bare',
      inputSchema: { type: 'object', properties: {} },
    });
    expect(Object.isFrozen(tool.descriptor)).toBe(true);
    expect(tool.input).toBeUndefined();
    expect(tool.output).toBeUndefined();
    expect(tool.origin).toBe('tool "bare"');
    expect(tool.handler).toBe(handler);
  });

  it('carries title, description, schemas, annotations, icons and _meta', () => {
    const icons = [{ src: 'https://example.com/i.png', mimeType: 'image/png' }];
    const tool = compileTool(
      {
        name: 'weather',
        title: 'Weather',
        description: 'Forecast',
        inputSchema: { city: z.string() },
        outputSchema: { temp: z.number() },
        annotations: { readOnlyHint: true, openWorldHint: false },
        icons,
        _meta: { 'com.example/x': 1 },
        origin: 'WeatherTools#weather',
      },
      handler,
      compiler,
    );
    expect(tool.origin).toBe('WeatherTools#weather');
    expect(tool.descriptor).toMatchObject({
      name: 'weather',
      title: 'Weather',
      description: 'Forecast',
      inputSchema: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] },
      outputSchema: { type: 'object', properties: { temp: { type: 'number' } } },
      annotations: { readOnlyHint: true, openWorldHint: false },
      icons,
      _meta: { 'com.example/x': 1 },
    });
    expect(Object.keys(tool.descriptor)).toEqual([
      'name',
      'title',
      'description',
      'inputSchema',
      'outputSchema',
      'annotations',
      'icons',
      '_meta',
    ]);
    expect(syncValidation(tool.input!.validate({ city: 'Oslo' })).ok).toBe(true);
    expect(syncValidation(tool.output!.validate({ temp: 'hot' })).ok).toBe(false);
  });

  it('keeps a raw inputSchema verbatim in the descriptor', () => {
    const raw = {
      $schema: 'https://json-schema.org/draft/2020-12/schema',
      type: 'object',
      $defs: { id: { type: 'string' } },
      properties: { id: { $ref: '#/$defs/id' } },
      additionalProperties: false,
    };
    const tool = compileTool({ name: 'raw', inputSchema: raw }, handler, compiler);
    expect(tool.descriptor.inputSchema).toBe(raw);
  });

  it.each([
    ['a zod string', z.string()],
    ['a raw array schema', { type: 'array', items: { type: 'string' } }],
    ['a raw schema without type', { properties: { a: { type: 'string' } } }],
  ])('rejects %s as inputSchema (must be type "object")', (_label, inputSchema) => {
    expect(() =>
      compileTool({ name: 't', inputSchema, origin: 'Tools#t' }, handler, compiler),
    ).toThrow('Tools#t: inputSchema must describe an object (type "object")');
  });

  it('propagates schema compile errors with the origin', () => {
    expect(() =>
      compileTool(
        {
          name: 't',
          inputSchema: { $schema: 'http://json-schema.org/draft-04/schema#', type: 'object' },
          origin: 'Tools#t',
        },
        handler,
        compiler,
      ),
    ).toThrow(/^Tools#t: .*unsupported JSON Schema dialect/);
  });
});
