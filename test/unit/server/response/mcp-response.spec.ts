import { z } from 'zod';
import { findMethod } from '../../../../lib/protocol/methods/method-table.js';
import { text } from '../../../../lib/protocol/content.js';
import { compileTool } from '../../../../lib/server/registry/registered-tool.js';
import { McpResponse } from '../../../../lib/server/response/mcp-response.js';
import { toCallToolResult } from '../../../../lib/server/results/tool-result.js';
import { toGetPromptResult } from '../../../../lib/server/results/prompt-result.js';
import { toReadResourceResult } from '../../../../lib/server/results/resource-result.js';
import { SchemaCompiler } from '../../../../lib/server/schema/schema-compiler.js';

/** The result schemas of `method` in both eras (2025 session era, 2026-07-28). */
function resultSchemas(method: string): Array<[string, z.ZodType]> {
  const spec = findMethod('client', 'request', method)!;
  return [
    ['legacy', spec.legacy!.result!],
    ['modern', spec.modern!.result!],
  ];
}

/** Asserts `result` parses under both eras' result schemas of `method`, and returns it. */
function expectValid<T>(method: string, result: T): T {
  for (const [era, schema] of resultSchemas(method)) {
    const parsed = schema.safeParse(result);
    if (!parsed.success) throw new Error(`${era} ${method}: ${parsed.error.message}`);
  }
  return result;
}

const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47]);
const PNG64 = Buffer.from(PNG).toString('base64');
const notes = { audience: ['user' as const], priority: 0.5 };

describe('McpResponse.tool(): one test per content kind, valid in both eras', () => {
  const call = (build: ReturnType<typeof McpResponse.tool>) =>
    expectValid('tools/call', build.build());

  it('text, with annotations', () => {
    expect(call(McpResponse.tool().text('hi', notes))).toEqual({
      content: [{ type: 'text', text: 'hi', annotations: notes }],
    });
  });

  it('json: the data as JSON text (indent optional)', () => {
    expect(call(McpResponse.tool().json({ ok: true, n: 42 }))).toEqual({
      content: [{ type: 'text', text: '{"ok":true,"n":42}' }],
    });
    expect(call(McpResponse.tool().json([1], { indent: 2 })).content).toEqual([
      { type: 'text', text: '[\n  1\n]' },
    ]);
    expect(call(McpResponse.tool().json(undefined)).content).toEqual([text('null')]);
  });

  it('image from bytes (base64 encoded) and from base64', () => {
    const result = call(
      McpResponse.tool().image(PNG, 'image/png').image(PNG64, 'image/png', notes),
    );
    expect(result.content).toEqual([
      { type: 'image', data: PNG64, mimeType: 'image/png' },
      { type: 'image', data: PNG64, mimeType: 'image/png', annotations: notes },
    ]);
  });

  it('audio', () => {
    expect(call(McpResponse.tool().audio(PNG, 'audio/wav')).content).toEqual([
      { type: 'audio', data: PNG64, mimeType: 'audio/wav' },
    ]);
  });

  it('embedded resource, text and blob', () => {
    const result = call(
      McpResponse.tool()
        .embedded({ uri: 'file:///a.txt', mimeType: 'text/plain', text: 'A' }, notes)
        .embedded({ uri: 'file:///a.png', blob: PNG }),
    );
    expect(result.content).toEqual([
      {
        type: 'resource',
        resource: { uri: 'file:///a.txt', mimeType: 'text/plain', text: 'A' },
        annotations: notes,
      },
      { type: 'resource', resource: { uri: 'file:///a.png', blob: PNG64 } },
    ]);
  });

  it('resource link, with annotations', () => {
    expect(
      call(McpResponse.tool().link({ uri: 'file:///b', name: 'b', mimeType: 'text/plain' }, notes))
        .content,
    ).toEqual([
      {
        type: 'resource_link',
        uri: 'file:///b',
        name: 'b',
        mimeType: 'text/plain',
        annotations: notes,
      },
    ]);
  });

  it('ready-made blocks, in the order added', () => {
    const result = call(McpResponse.tool().text('1').content(text('2'), text('3')).text('4'));
    expect(result.content.map((b) => (b as { text: string }).text)).toEqual(['1', '2', '3', '4']);
  });

  it('structured content mirrored as JSON text when there is no other content', () => {
    expect(call(McpResponse.tool().structured({ temp: 21 }))).toEqual({
      content: [{ type: 'text', text: '{"temp":21}' }],
      structuredContent: { temp: 21 },
    });
    expect(call(McpResponse.tool().text('21 C').structured({ temp: 21 }))).toEqual({
      content: [{ type: 'text', text: '21 C' }],
      structuredContent: { temp: 21 },
    });
  });

  it('error flag, with and without a message', () => {
    expect(call(McpResponse.tool().error('Division by zero'))).toEqual({
      content: [{ type: 'text', text: 'Division by zero' }],
      isError: true,
    });
    expect(call(McpResponse.tool().text('partial').error())).toEqual({
      content: [{ type: 'text', text: 'partial' }],
      isError: true,
    });
  });

  it('_meta, merged over several calls', () => {
    expect(call(McpResponse.tool().meta({ a: 1 }).meta({ b: 2, a: 3 }))).toEqual({
      content: [],
      _meta: { a: 3, b: 2 },
    });
  });

  it('types structured() from the output schema', () => {
    const Forecast = { city: z.string(), temps: z.array(z.number()) };
    const built = McpResponse.tool(Forecast)
      .structured({ city: 'Oslo', temps: [1] })
      .build();
    const city: string | undefined = built.structuredContent?.city;
    expect(city).toBe('Oslo');
    // @ts-expect-error: `temps` must be numbers
    McpResponse.tool(Forecast).structured({ city: 'Oslo', temps: ['x'] });
    // @ts-expect-error: a type argument types it too
    McpResponse.tool<{ n: number }>().structured({ n: 'x' });
  });
});

describe('McpResponse.tool() returned from a handler', () => {
  const compiler = new SchemaCompiler();
  const plain = compileTool({ name: 'plain' }, () => undefined, compiler);
  const typed = compileTool(
    { name: 'typed', outputSchema: { temp: z.number() } },
    () => undefined,
    compiler,
  );

  it('is built by the result wrapper (the builder or its value, the same result)', () => {
    const builder = McpResponse.tool().text('x').meta({ k: 1 });
    expect(toCallToolResult(builder, plain)).toEqual(builder.build());
  });

  it('has its structured content checked against the output schema', () => {
    const good = McpResponse.tool({ temp: z.number() }).structured({ temp: 3 });
    expect(toCallToolResult(good, typed)).toEqual({
      content: [text('{"temp":3}')],
      structuredContent: { temp: 3 },
    });
    const bad = McpResponse.tool<Record<string, unknown>>().structured({ temp: 'hot' });
    const result = toCallToolResult(bad, typed);
    expect(result.isError).toBe(true);
    expect((result.content[0] as { text: string }).text).toMatch(
      /Tool "typed" produced invalid output: .*temp/,
    );
  });

  it('reports a missing structured content for a tool with an output schema', () => {
    const result = toCallToolResult(McpResponse.tool().text('no data'), typed);
    expect(result.isError).toBe(true);
  });
});

describe('McpResponse.prompt()', () => {
  it('user and assistant messages (strings as text, blocks as is), valid in both eras', () => {
    const result = expectValid(
      'prompts/get',
      McpResponse.prompt('Review')
        .user('Review this')
        .assistant('Reading', notes)
        .user({ type: 'image', data: PNG64, mimeType: 'image/png' })
        .meta({ v: 1 })
        .build(),
    );
    expect(result).toEqual({
      description: 'Review',
      messages: [
        { role: 'user', content: { type: 'text', text: 'Review this' } },
        { role: 'assistant', content: { type: 'text', text: 'Reading', annotations: notes } },
        { role: 'user', content: { type: 'image', data: PNG64, mimeType: 'image/png' } },
      ],
      _meta: { v: 1 },
    });
  });

  it('takes the prompt description when the builder sets none, keeps its own otherwise', () => {
    expect(toGetPromptResult(McpResponse.prompt().user('x'), 'declared').description).toBe(
      'declared',
    );
    const own = McpResponse.prompt().description('own').user('x');
    expect(expectValid('prompts/get', toGetPromptResult(own, 'declared')).description).toBe('own');
  });
});

describe('McpResponse.resource()', () => {
  it('text contents take the URI being read and the declared MIME type', () => {
    const result = toReadResourceResult(
      McpResponse.resource().text('# Hi'),
      'file:///r.md',
      'text/markdown',
    );
    expect(expectValid('resources/read', result)).toEqual({
      contents: [{ uri: 'file:///r.md', mimeType: 'text/markdown', text: '# Hi' }],
    });
  });

  it('blob contents with name, title, description and mime type, valid in both eras', () => {
    const result = McpResponse.resource('file:///logo.png')
      .name('logo')
      .title('Logo')
      .description('The logo')
      .mimeType('image/png')
      .blob(PNG)
      .blob(PNG64, { uri: 'file:///other.png', name: 'other', _meta: { x: 1 } })
      .meta({ r: 1 })
      .build();
    expect(expectValid('resources/read', result)).toEqual({
      contents: [
        {
          uri: 'file:///logo.png',
          mimeType: 'image/png',
          name: 'logo',
          title: 'Logo',
          description: 'The logo',
          blob: PNG64,
        },
        {
          uri: 'file:///other.png',
          mimeType: 'image/png',
          name: 'other',
          title: 'Logo',
          description: 'The logo',
          blob: PNG64,
          _meta: { x: 1 },
        },
      ],
      _meta: { r: 1 },
    });
  });

  it('refuses contents without a URI (misuse outside a resource handler)', () => {
    expect(() => McpResponse.resource().text('x').build()).toThrow(/contents need a uri/);
  });
});
