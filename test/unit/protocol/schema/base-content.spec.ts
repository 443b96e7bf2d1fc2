import {
  AnnotationsSchema,
  ContentBlockSchema,
  ImplementationSchema,
  PaginatedRequestParamsSchema,
  RequestIdSchema,
  RequestParamsSchema,
} from '../../../../lib/protocol/schema/index.js';
import { issuePaths } from './helpers.js';

describe('base schemas', () => {
  it('parses an Implementation with 2025-11-25 icons and keeps unknown keys', () => {
    const info = {
      name: 'weather-server',
      title: 'Weather',
      version: '1.2.0',
      description: 'Forecasts',
      websiteUrl: 'https://example.com',
      icons: [{ src: 'https://example.com/icon.png', mimeType: 'image/png', sizes: ['48x48'] }],
      vendorBuild: 42,
    };
    expect(ImplementationSchema.parse(info)).toEqual(info);
  });

  it('requires version on an Implementation and rejects an unknown icon theme', () => {
    expect(issuePaths(ImplementationSchema, { name: 'x' })).toEqual(['version']);
    const themed = { name: 'x', version: '1', icons: [{ src: 'data:,', theme: 'blue' }] };
    expect(issuePaths(ImplementationSchema, themed)).toEqual(['icons.0.theme']);
  });

  it('bounds annotation priority to 0..1', () => {
    expect(AnnotationsSchema.parse({ audience: ['user'], priority: 1 })).toEqual({
      audience: ['user'],
      priority: 1,
    });
    expect(issuePaths(AnnotationsSchema, { priority: 1.5 })).toEqual(['priority']);
  });

  it('accepts string and integer request ids, not null or fractions', () => {
    expect(RequestIdSchema.safeParse('abc').success).toBe(true);
    expect(RequestIdSchema.safeParse(7).success).toBe(true);
    expect(RequestIdSchema.safeParse(null).success).toBe(false);
    expect(RequestIdSchema.safeParse(1.5).success).toBe(false);
  });

  it('types _meta.progressToken but keeps other _meta keys', () => {
    const params = { _meta: { progressToken: 'p1', 'com.example/trace': 'x' }, cursor: 'c' };
    expect(PaginatedRequestParamsSchema.parse(params)).toEqual(params);
    expect(issuePaths(RequestParamsSchema, { _meta: { progressToken: {} } })).toEqual([
      '_meta.progressToken',
    ]);
  });
});

describe('ContentBlockSchema', () => {
  const blocks = [
    { type: 'text', text: 'hello', annotations: { audience: ['assistant'] } },
    { type: 'image', data: 'iVBORw0KGgo=', mimeType: 'image/png' },
    { type: 'audio', data: 'UklGRg==', mimeType: 'audio/wav' },
    { type: 'resource_link', uri: 'file:///a.txt', name: 'a.txt', mimeType: 'text/plain' },
    { type: 'resource', resource: { uri: 'file:///a.txt', text: 'abc' } },
    { type: 'resource', resource: { uri: 'file:///b.bin', blob: 'AAE=' } },
  ];

  it.each(blocks)('parses a $type block unchanged', (block) => {
    expect(ContentBlockSchema.parse(block)).toEqual(block);
  });

  it('keeps unknown keys on content and nested objects', () => {
    const block = {
      type: 'text',
      text: 'hi',
      annotations: { priority: 0.5, futureHint: true },
      futureField: { a: 1 },
    };
    expect(ContentBlockSchema.parse(block)).toEqual(block);
  });

  it('reports the failing field of the matching variant', () => {
    expect(issuePaths(ContentBlockSchema, { type: 'image', data: 'x' })).toEqual(['mimeType']);
    expect(issuePaths(ContentBlockSchema, { type: 'video', data: 'x' })).toEqual(['type']);
  });

  it('rejects sampling-only blocks in tool/prompt content', () => {
    const toolUse = { type: 'tool_use', id: 'c1', name: 'f', input: {} };
    expect(ContentBlockSchema.safeParse(toolUse).success).toBe(false);
  });
});
