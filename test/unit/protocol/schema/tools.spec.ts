import {
  CallToolRequestParamsSchema,
  CallToolResultSchema,
  ListToolsResultSchema,
  ToolSchema,
} from '../../../../lib/protocol/schema/index.js';
import { issuePaths } from './helpers.js';

describe('ToolSchema', () => {
  it('preserves a raw JSON Schema 2020-12 inputSchema verbatim', () => {
    const tool = {
      name: 'json_schema_2020_12_tool',
      description: 'Tool with $defs and additionalProperties',
      inputSchema: {
        $schema: 'https://json-schema.org/draft/2020-12/schema',
        type: 'object',
        $defs: { address: { type: 'object', properties: { city: { type: 'string' } } } },
        properties: { address: { $ref: '#/$defs/address' }, any: true },
        additionalProperties: false,
      },
    };
    expect(ToolSchema.parse(tool)).toEqual(tool);
  });

  it('parses annotations, execution, icons, output schema and a composition schema', () => {
    const tool = {
      name: 'find_resource',
      title: 'Resource Finder',
      icons: [{ src: 'https://example.com/find.svg', mimeType: 'image/svg+xml' }],
      inputSchema: {
        type: 'object',
        oneOf: [{ required: ['id'] }, { required: ['name'] }],
      },
      outputSchema: {
        type: 'object',
        properties: { temperature: { type: 'number' } },
        required: ['temperature'],
      },
      annotations: { readOnlyHint: true, openWorldHint: false },
      execution: { taskSupport: 'optional' },
    };
    expect(ToolSchema.parse(tool)).toEqual(tool);
  });

  it('rejects an inputSchema whose root is not an object schema', () => {
    const tool = { name: 't', inputSchema: { type: 'array' } };
    expect(issuePaths(ToolSchema, tool)).toEqual(['inputSchema.type']);
  });

  it('rejects an unknown taskSupport value inside a tools/list result', () => {
    const result = {
      tools: [{ name: 't', inputSchema: { type: 'object' }, execution: { taskSupport: 'maybe' } }],
    };
    expect(issuePaths(ListToolsResultSchema, result)).toEqual(['tools.0.execution.taskSupport']);
  });
});

describe('tools/call', () => {
  it('parses params with arguments, progress token and task augmentation', () => {
    const params = {
      _meta: { progressToken: 'oivaizmir' },
      name: 'build_simulation',
      arguments: { city: 'Micropolis', size: 3 },
      task: { ttl: 60000 },
    };
    expect(CallToolRequestParamsSchema.parse(params)).toEqual(params);
  });

  it('requires a tool name', () => {
    expect(issuePaths(CallToolRequestParamsSchema, { arguments: {} })).toEqual(['name']);
  });

  it('parses text, error and structured results (object or, for 2026, array)', () => {
    const results = [
      { content: [{ type: 'text', text: 'ok' }] },
      { content: [{ type: 'text', text: 'Invalid date: must be in the future' }], isError: true },
      {
        content: [{ type: 'text', text: '{"temperature":22.5}' }],
        structuredContent: { temperature: 22.5 },
      },
      { resultType: 'complete', content: [], structuredContent: [{ id: '1' }, { id: '2' }] },
    ];
    for (const result of results) expect(CallToolResultSchema.parse(result)).toEqual(result);
  });

  it('reports a bad content block with its index', () => {
    const result = { content: [{ type: 'text', text: 'ok' }, { type: 'text' }] };
    expect(issuePaths(CallToolResultSchema, result)).toEqual(['content.1.text']);
  });
});
