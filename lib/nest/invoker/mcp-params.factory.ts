import type { ParamData } from '@nestjs/common';
import type { ParamsFactory } from '@nestjs/core/helpers/external-context-creator.js';
import type { McpContext } from '../../server/context/mcp-context.js';
import { McpParamType } from './mcp-param-type.enum.js';

/** Resolves decorated MCP handler parameters from the call's `(args, ctx)` pair. */
export class McpParamsFactory implements ParamsFactory {
  exchangeKeyForValue(type: number, data: ParamData, args: unknown[]): unknown {
    const [values, ctx] = args as [Record<string, unknown> | undefined, McpContext];
    switch (type as McpParamType) {
      case McpParamType.ARGS:
        return typeof data === 'string' ? values?.[data] : values;
      case McpParamType.CONTEXT:
        return ctx;
      case McpParamType.SESSION:
        return ctx.session;
      case McpParamType.REQUEST:
        return ctx.transport.raw;
      default:
        return undefined;
    }
  }
}
