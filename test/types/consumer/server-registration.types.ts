/**
 * Runtime registration on McpServer: handler args are typed from the zod input shape or schema
 * (tools) and from `arguments` (prompts); raw JSON Schema gives an open record; no schema gives
 * no arguments.
 */
import { expectTypeOf } from 'expect-type';
import { McpServer } from 'nestjs-mcp';
import { z } from 'zod';

const server = new McpServer({ name: 'types', version: '1.0.0' });

// A zod shape: args inferred from it.
server.registerTool(
  { name: 'shape', inputSchema: { a: z.string(), n: z.number().optional() } },
  (args) => {
    expectTypeOf(args).toEqualTypeOf<{ a: string; n?: number | undefined }>();
    return args.a;
  },
);

// A z.object(...) schema: the same, defaults applied (output type).
server.registerTool(
  { name: 'object', inputSchema: z.object({ city: z.string(), days: z.number().default(3) }) },
  (args, ctx) => {
    expectTypeOf(args).toEqualTypeOf<{ city: string; days: number }>();
    expectTypeOf(ctx.signal).toEqualTypeOf<AbortSignal>();
    return `${args.city} ${args.days}`;
  },
);

// Raw JSON Schema: an open record.
server.registerTool(
  { name: 'raw', inputSchema: { type: 'object', properties: { q: { type: 'string' } } } },
  (args) => {
    expectTypeOf(args).toEqualTypeOf<Record<string, unknown>>();
  },
);

// No inputSchema: no arguments.
server.registerTool({ name: 'none' }, (args) => {
  expectTypeOf(args).toEqualTypeOf<Record<string, never>>();
});

// A wrong property or a wrong use of an argument does not compile.
server.registerTool({ name: 'wrong', inputSchema: { a: z.string() } }, (args) => {
  // @ts-expect-error `b` is not in the shape
  return args.b;
});
server.registerTool({ name: 'wrong-type', inputSchema: { a: z.number() } }, (args) => {
  // @ts-expect-error `a` is a number
  args.a.toUpperCase();
});

// Prompts: a zod shape, an explicit argument list, no arguments.
server.registerPrompt({ name: 'review', arguments: { code: z.string() } }, (args) => {
  expectTypeOf(args).toEqualTypeOf<{ code: string }>();
  return `Review ${args.code}`;
});
server.registerPrompt({ name: 'listed', arguments: [{ name: 'lang', required: true }] }, (args) => {
  expectTypeOf(args).toEqualTypeOf<Record<string, string | undefined>>();
  return 'x';
});
server.registerPrompt({ name: 'bare' }, (args) => {
  expectTypeOf(args).toEqualTypeOf<Record<string, never>>();
  return 'x';
});

// Registries are read-only views: nothing can bypass schema compilation.
// @ts-expect-error no `add` on the view
expectTypeOf(server.tools.add).toBeFunction();
expectTypeOf(server.tools.get('shape')?.descriptor.name).toEqualTypeOf<string | undefined>();
