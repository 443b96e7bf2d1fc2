import { z } from 'zod';
import { McpError } from '../../../../lib/errors/mcp.error.js';
import { compilePrompt } from '../../../../lib/server/registry/registered-prompt.js';
import { SchemaCompiler } from '../../../../lib/server/schema/schema-compiler.js';

const handler = () => 'hi';

function errorOf(fn: () => unknown): McpError {
  try {
    fn();
  } catch (e) {
    expect(e).toBeInstanceOf(McpError);
    return e as McpError;
  }
  throw new Error('expected a throw');
}

describe('compilePrompt', () => {
  const compiler = new SchemaCompiler();

  it('builds a minimal frozen descriptor without an arguments key', () => {
    const prompt = compilePrompt({ name: 'greet' }, handler, compiler);
    expect(prompt.key).toBe('greet');
    expect(prompt.origin).toBe('prompt "greet"');
    expect(prompt.descriptor).toEqual({ name: 'greet' });
    expect(Object.isFrozen(prompt.descriptor)).toBe(true);
    expect(prompt.validate({ anything: 'x' })).toEqual({ anything: 'x' });
  });

  it('carries title, description, icons and _meta', () => {
    const prompt = compilePrompt(
      {
        name: 'p',
        title: 'P',
        description: 'd',
        icons: [{ src: 'data:image/png;base64,AA==' }],
        _meta: { k: 1 },
      },
      handler,
      compiler,
    );
    expect(prompt.descriptor).toEqual({
      name: 'p',
      title: 'P',
      description: 'd',
      icons: [{ src: 'data:image/png;base64,AA==' }],
      _meta: { k: 1 },
    });
  });

  describe('arguments from a zod shape', () => {
    const prompt = compilePrompt(
      {
        name: 'review',
        arguments: {
          code: z.string().describe('The code to review'),
          style: z.string().meta({ title: 'Style guide' }).optional(),
        },
      },
      handler,
      compiler,
    );

    it('derives name, title, description and required for each argument', () => {
      expect(prompt.descriptor.arguments).toEqual([
        { name: 'code', description: 'The code to review', required: true },
        { name: 'style', title: 'Style guide', required: false },
      ]);
    });

    it('rejects a missing required argument with -32602 naming the prompt and argument', () => {
      const error = errorOf(() => prompt.validate({ style: 'x' }));
      expect(error.code).toBe(-32602);
      expect(error.message).toBe('Missing required argument for prompt "review": code');
    });

    it('validates values against the schema', () => {
      expect(prompt.validate({ code: 'let x' })).toEqual({ code: 'let x' });
      const error = errorOf(() => prompt.validate({ code: 5 }));
      expect(error.code).toBe(-32602);
      expect(error.message).toMatch(/^Invalid arguments for prompt "review": code: /);
    });
  });

  it('lists every missing required argument', () => {
    const prompt = compilePrompt(
      { name: 'two', arguments: z.object({ a: z.string(), b: z.string() }) },
      handler,
      compiler,
    );
    expect(errorOf(() => prompt.validate({})).message).toBe(
      'Missing required arguments for prompt "two": a, b',
    );
  });

  it('takes an explicit argument list as is and checks only the required ones', () => {
    const args = [
      { name: 'lang', description: 'Language', required: true },
      { name: 'tone', title: 'Tone' },
    ];
    const prompt = compilePrompt({ name: 'explicit', arguments: args }, handler, compiler);
    expect(prompt.descriptor.arguments).toEqual(args);
    expect(prompt.validate({ lang: 'en', extra: 'kept' })).toEqual({ lang: 'en', extra: 'kept' });
    const error = errorOf(() => prompt.validate({ tone: 'dry' }));
    expect(error.code).toBe(-32602);
    expect(error.message).toContain('lang');
  });

  it('keeps completers by argument name', () => {
    const complete = { lang: () => ['en', 'fr'] };
    const prompt = compilePrompt({ name: 'c', complete }, handler, compiler);
    expect(prompt.completers.get('lang')).toBe(complete.lang);
    expect(prompt.completers.get('other')).toBeUndefined();
  });

  it('names the origin when the argument schema is invalid', () => {
    expect(() =>
      compilePrompt(
        {
          name: 'x',
          origin: 'Prompts#x',
          arguments: { $schema: 'https://example.com/dialect', type: 'object' },
        },
        handler,
        compiler,
      ),
    ).toThrow(/^Prompts#x: /);
  });
});
