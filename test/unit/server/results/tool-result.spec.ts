import { z } from 'zod';
import { image, resourceLink, text } from '../../../../lib/protocol/content.js';
import { compileTool } from '../../../../lib/server/registry/registered-tool.js';
import { toCallToolResult } from '../../../../lib/server/results/tool-result.js';
import { SchemaCompiler } from '../../../../lib/server/schema/schema-compiler.js';

const compiler = new SchemaCompiler();
const plain = compileTool({ name: 'plain' }, () => undefined, compiler);
const typed = compileTool(
  {
    name: 'typed',
    outputSchema: { temp: z.number(), unit: z.enum(['C', 'F']).default('C') },
  },
  () => undefined,
  compiler,
);

describe('toCallToolResult without outputSchema', () => {
  it('passes a CallToolResult through untouched', () => {
    const result = { content: [text('x')], isError: false, _meta: { a: 1 } };
    expect(toCallToolResult(result, plain)).toBe(result);
  });

  it.each([
    ['undefined', undefined],
    ['null', null],
  ])('turns %s into empty content', (_label, value) => {
    expect(toCallToolResult(value, plain)).toEqual({ content: [] });
  });

  it('turns a string into one text block', () => {
    expect(toCallToolResult('sunny', plain)).toEqual({
      content: [{ type: 'text', text: 'sunny' }],
    });
  });

  it('turns an empty string into one empty text block', () => {
    expect(toCallToolResult('', plain)).toEqual({ content: [{ type: 'text', text: '' }] });
  });

  it('wraps a single content block', () => {
    const block = image('AAAA', 'image/png');
    expect(toCallToolResult(block, plain)).toEqual({ content: [block] });
  });

  it('takes a non-empty array of content blocks as the content', () => {
    const blocks = [text('a'), resourceLink({ uri: 'file:///x', name: 'x' })];
    expect(toCallToolResult(blocks, plain)).toEqual({ content: blocks });
  });

  it('turns a plain object into structuredContent plus its JSON as text', () => {
    const value = { temp: 21, city: 'Oslo' };
    expect(toCallToolResult(value, plain)).toEqual({
      content: [{ type: 'text', text: '{"temp":21,"city":"Oslo"}' }],
      structuredContent: value,
    });
  });

  it.each([
    ['a number', 42, '42'],
    ['zero', 0, '0'],
    ['a boolean', false, 'false'],
    ['an empty array', [], '[]'],
    ['an array of non-blocks', [1, 'two'], '[1,"two"]'],
    ['a mixed array', [text('a'), 1], '[{"type":"text","text":"a"},1]'],
  ])('turns %s into JSON text without structuredContent', (_label, value, json) => {
    expect(toCallToolResult(value, plain)).toEqual({ content: [{ type: 'text', text: json }] });
  });
});

describe('toCallToolResult with outputSchema', () => {
  it('validates structured content and returns the parsed value (defaults applied)', () => {
    const result = toCallToolResult({ temp: 20 }, typed);
    expect(result.isError).toBeUndefined();
    expect(result.structuredContent).toEqual({ temp: 20, unit: 'C' });
  });

  it('keeps the text block equal to the serialised structuredContent after validation', () => {
    // protocol.md §8.2: a tool returning structuredContent SHOULD also return "the serialized
    // JSON in a text block" — i.e. of the structured content actually sent, defaults included.
    const result = toCallToolResult({ temp: 20 }, typed);
    expect(result.content).toEqual([
      { type: 'text', text: JSON.stringify(result.structuredContent) },
    ]);
  });

  it('validates the structuredContent of a passed-through result', () => {
    const ok = toCallToolResult({ content: [], structuredContent: { temp: 1, unit: 'F' } }, typed);
    expect(ok.isError).toBeUndefined();
    expect(ok.structuredContent).toEqual({ temp: 1, unit: 'F' });

    const bad = toCallToolResult({ content: [], structuredContent: { temp: 'x' } }, typed);
    expect(bad.isError).toBe(true);
  });

  it('reports a schema mismatch as a tool error naming the tool and the path', () => {
    expect(toCallToolResult({ temp: 'warm' }, typed)).toEqual({
      content: [
        {
          type: 'text',
          text: expect.stringMatching(/^Tool "typed" produced invalid output: temp: /),
        },
      ],
      isError: true,
    });
  });

  it.each([
    ['a string', 'sunny'],
    ['undefined', undefined],
    ['a content block', text('t')],
    ['a result without structuredContent', { content: [text('t')] }],
  ])('reports %s (no structured content) as a tool error', (_label, value) => {
    const result = toCallToolResult(value, typed);
    expect(result.isError).toBe(true);
    expect(result.structuredContent).toBeUndefined();
    expect(result.content[0].text).toBe(
      'Tool "typed" produced invalid output: the tool declares an outputSchema but returned no structured content',
    );
  });

  it('does not validate a result that is already an error', () => {
    const failure = { content: [text('API down')], isError: true };
    expect(toCallToolResult(failure, typed)).toBe(failure);
  });

  it('validates against a raw JSON Schema too', () => {
    const raw = compileTool(
      {
        name: 'raw',
        outputSchema: {
          type: 'object',
          properties: { n: { type: 'integer' } },
          required: ['n'],
        },
      },
      () => undefined,
      compiler,
    );
    expect(toCallToolResult({ n: 1 }, raw).isError).toBeUndefined();
    const bad = toCallToolResult({}, raw);
    expect(bad.isError).toBe(true);
    expect(bad.content[0].text).toBe('Tool "raw" produced invalid output: n: is required');
  });
});
