import {
  CompleteRequestParamsSchema,
  CompleteResultSchema,
  GetPromptRequestParamsSchema,
  GetPromptResultSchema,
  ListPromptsResultSchema,
  ListResourcesResultSchema,
  ListResourceTemplatesResultSchema,
  ReadResourceResultSchema,
} from '../../../../lib/protocol/schema/index.js';
import { issuePaths } from './helpers.js';

describe('resources', () => {
  it('parses a resources/list page and a templates/list page', () => {
    const list = {
      resources: [
        {
          uri: 'file:///project/src/main.rs',
          name: 'main.rs',
          title: 'Rust Software Application Main File',
          mimeType: 'text/x-rust',
          size: 1024,
          annotations: { audience: ['user', 'assistant'], lastModified: '2025-01-12T15:00:58Z' },
        },
      ],
      nextCursor: 'next-page-cursor',
    };
    expect(ListResourcesResultSchema.parse(list)).toEqual(list);
    const templates = {
      resourceTemplates: [{ uriTemplate: 'file:///{path}', name: 'Project Files' }],
    };
    expect(ListResourceTemplatesResultSchema.parse(templates)).toEqual(templates);
  });

  it('parses text and blob contents of resources/read', () => {
    const result = {
      contents: [
        { uri: 'file:///a.rs', mimeType: 'text/x-rust', text: 'fn main() {}' },
        { uri: 'file:///logo.png', mimeType: 'image/png', blob: 'iVBORw0KGgo=' },
      ],
    };
    expect(ReadResourceResultSchema.parse(result)).toEqual(result);
  });

  it('rejects contents that are neither text nor blob, at the element path', () => {
    const result = { contents: [{ uri: 'file:///a' }] };
    expect(issuePaths(ReadResourceResultSchema, result)).toEqual(['contents.0']);
  });
});

describe('prompts', () => {
  it('parses prompts/list with arguments', () => {
    const list = {
      prompts: [
        {
          name: 'code_review',
          title: 'Request Code Review',
          arguments: [{ name: 'code', description: 'The code to review', required: true }],
        },
      ],
    };
    expect(ListPromptsResultSchema.parse(list)).toEqual(list);
  });

  it('accepts only string prompt arguments', () => {
    expect(
      GetPromptRequestParamsSchema.parse({ name: 'code_review', arguments: { code: 'x=1' } }),
    ).toEqual({ name: 'code_review', arguments: { code: 'x=1' } });
    const bad = { name: 'code_review', arguments: { lines: 3 } };
    expect(issuePaths(GetPromptRequestParamsSchema, bad)).toEqual(['arguments.lines']);
  });

  it('parses a prompts/get result with text and embedded resource messages', () => {
    const result = {
      description: 'Code review prompt',
      messages: [
        { role: 'user', content: { type: 'text', text: 'Please review this code' } },
        {
          role: 'user',
          content: { type: 'resource', resource: { uri: 'file:///a.py', text: 'x = 1' } },
        },
      ],
    };
    expect(GetPromptResultSchema.parse(result)).toEqual(result);
  });

  it('has no system role', () => {
    const result = { messages: [{ role: 'system', content: { type: 'text', text: 'x' } }] };
    expect(issuePaths(GetPromptResultSchema, result)).toEqual(['messages.0.role']);
  });
});

describe('completion', () => {
  it('parses completion params for a prompt argument with context', () => {
    const params = {
      ref: { type: 'ref/prompt', name: 'code_review' },
      argument: { name: 'framework', value: 'fla' },
      context: { arguments: { language: 'python' } },
    };
    expect(CompleteRequestParamsSchema.parse(params)).toEqual(params);
  });

  it('rejects an unknown reference type', () => {
    const params = { ref: { type: 'ref/tool', name: 'x' }, argument: { name: 'a', value: '' } };
    expect(issuePaths(CompleteRequestParamsSchema, params)).toEqual(['ref.type']);
  });

  it('caps completion values at 100', () => {
    const ok = { completion: { values: ['flask'], total: 10, hasMore: true } };
    expect(CompleteResultSchema.parse(ok)).toEqual(ok);
    const values = Array.from({ length: 101 }, (_, i) => `v${i}`);
    expect(issuePaths(CompleteResultSchema, { completion: { values } })).toEqual([
      'completion.values',
    ]);
  });
});
