/** The 2026-07-28 surface as a consumer sees it: options, write-once input, the new types. */
import { expectTypeOf } from 'expect-type';
import {
  isInputRequired,
  McpContext,
  McpModule,
  type InputRequiredInterrupt,
  type Mcp,
  type McpModuleOptions,
  type McpTraceContext,
  type ProtocolEras,
} from 'nestjs-mcp';

export function moduleOptions(): void {
  const options: McpModuleOptions = {
    name: 'modern',
    version: '1.0.0',
    protocolEras: 'dual',
    cache: { lists: { ttlMs: 60_000, cacheScope: 'public' } },
    requestState: { keys: ['0'.repeat(64)], ttlMs: 60_000 },
  };
  McpModule.forRoot(options);
  expectTypeOf<ProtocolEras>().toEqualTypeOf<'dual' | 'modern' | 'legacy'>();
  // @ts-expect-error not an era
  const wrong: McpModuleOptions = { name: 'x', version: '1', protocolEras: 'both' };
  void wrong;
}

export async function writeOnceInput(ctx: McpContext): Promise<string> {
  expectTypeOf(ctx.traceContext).toEqualTypeOf<McpTraceContext>();
  try {
    const answer = await ctx.elicit(
      {
        message: 'Your name?',
        requestedSchema: { type: 'object', properties: { name: { type: 'string' } } },
      },
      { key: 'user_name' },
    );
    expectTypeOf(answer).toEqualTypeOf<Mcp.ElicitResult>();
    return answer.action;
  } catch (error) {
    if (isInputRequired(error)) {
      expectTypeOf(error).toEqualTypeOf<InputRequiredInterrupt>();
      throw error; // never swallow the interrupt
    }
    throw error;
  }
}

export function modernResultTypes(result: Mcp.InputRequiredResult, discover: Mcp.DiscoverResult) {
  expectTypeOf(result.resultType).toEqualTypeOf<'input_required'>();
  expectTypeOf(result.inputRequests).toEqualTypeOf<Mcp.InputRequests | undefined>();
  expectTypeOf(discover.supportedVersions).toEqualTypeOf<string[]>();
}
