import 'reflect-metadata';
import type { ExecutionContext } from '@nestjs/common';
import { ROUTE_ARGS_METADATA } from '@nestjs/common/constants.js';
import {
  contextSlot,
  releaseContextToken,
  takeContext,
} from '../../../../lib/nest/invoker/context-param.js';
import { McpArgIndex } from '../../../../lib/nest/invoker/mcp-pipeline-args.js';
import type { McpContext } from '../../../../lib/server/context/mcp-context.js';

class Tools {
  plain() {}
  decorated() {}
}
const own = { '0:0': { index: 0 }, '1:2': { index: 2 } };
Reflect.defineMetadata(ROUTE_ARGS_METADATA, own, Tools, 'decorated');

type Hidden = Record<
  string,
  { index: number; factory?: (d: unknown, h: ExecutionContext) => unknown }
>;

/** The hidden parameter's factory, run as Nest runs it, for a call whose context is `ctx`. */
function hiddenValue(key: string, ctx: McpContext): unknown {
  const entries = Reflect.getMetadata(key, Tools, 'decorated') as Hidden;
  const hidden = Object.values(entries).find((entry) => entry.factory)!;
  const args: unknown[] = [];
  args[McpArgIndex.Context] = ctx;
  return hidden.factory!(undefined, { getArgByIndex: (i: number) => args[i] } as ExecutionContext);
}

describe('contextSlot', () => {
  const ctx = { requestId: 7 } as unknown as McpContext;

  it('leaves a method without parameters to the pipeline’s own arguments', () => {
    expect(contextSlot(Tools, 'plain', ROUTE_ARGS_METADATA, false)).toEqual({
      kind: 'pipeline',
      metadataKey: ROUTE_ARGS_METADATA,
    });
  });

  it('finds a decorated method’s context in the storage while it is kept', () => {
    expect(contextSlot(Tools, 'decorated', ROUTE_ARGS_METADATA, true)).toEqual({
      kind: 'ambient',
      metadataKey: ROUTE_ARGS_METADATA,
    });
  });

  it('appends a hidden parameter after the last one without it, leaving the class’s metadata', () => {
    const slot = contextSlot(Tools, 'decorated', ROUTE_ARGS_METADATA, false);
    expect(slot).toMatchObject({ kind: 'token', index: 3 });
    expect(Reflect.getMetadata(ROUTE_ARGS_METADATA, Tools, 'decorated')).toBe(own);
    const copied = Reflect.getMetadata(slot.metadataKey, Tools, 'decorated') as Hidden;
    expect(Object.keys(copied)).toEqual(['0:0', '1:2', 'nestjsMcpContext__customRouteArgs__:3']);
  });

  it('stands a number for the context, handed out once', () => {
    const slot = contextSlot(Tools, 'decorated', ROUTE_ARGS_METADATA, false);
    const token = hiddenValue(slot.metadataKey, ctx);
    expect(typeof token).toBe('number');
    expect(takeContext(token)).toBe(ctx);
    expect(takeContext(token)).toBeUndefined();
    expect(takeContext('not a token')).toBeUndefined();
  });

  it('releases the token of a handler that never ran (a pipe refused first)', () => {
    const slot = contextSlot(Tools, 'decorated', ROUTE_ARGS_METADATA, false);
    const token = hiddenValue(slot.metadataKey, ctx);
    releaseContextToken(ctx);
    expect(takeContext(token)).toBeUndefined();
  });
});
