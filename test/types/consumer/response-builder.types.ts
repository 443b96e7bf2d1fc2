/**
 * The response builders as a consumer types them: `structured()` typed by the output schema or a
 * type argument, every builder's `build()` a protocol result.
 */
import { expectTypeOf } from 'expect-type';
import { z } from 'zod';
import { McpResponse, type Mcp, type McpContext } from 'nestjs-mcp';

export function builderTypes(ctx: McpContext): void {
  const Out = { city: z.string(), celsius: z.number() };
  const tool = McpResponse.tool(Out).text('x').structured({ city: 'Oslo', celsius: 4 }).build();
  expectTypeOf(tool).toEqualTypeOf<Mcp.CallToolResult<{ city: string; celsius: number }>>();
  // @ts-expect-error: celsius is a number
  McpResponse.tool(Out).structured({ city: 'Oslo', celsius: 'cold' });
  // @ts-expect-error: typed by the type argument
  McpResponse.tool<{ n: number }>().structured({ n: 'x' });
  expectTypeOf(McpResponse.prompt().user('hi').build()).toEqualTypeOf<Mcp.GetPromptResult>();
  expectTypeOf(McpResponse.resource().text('x').build()).toEqualTypeOf<Mcp.ReadResourceResult>();
  expectTypeOf(ctx.http?.header('x')).toEqualTypeOf<string | undefined>();
  expectTypeOf(ctx.stdio?.env).toEqualTypeOf<Readonly<Record<string, string>> | undefined>();
  expectTypeOf(ctx.elicitUrl({ url: 'https://x', message: 'm' })).toEqualTypeOf<
    Promise<Mcp.ElicitResult>
  >();
}
