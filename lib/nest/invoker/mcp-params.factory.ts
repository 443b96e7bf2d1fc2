import type { ParamData } from '@nestjs/common';
import type { ParamsFactory } from '@nestjs/core/helpers/external-context-creator.js';
import type { McpContext } from '../../server/context/mcp-context.js';
import { McpParamType } from './mcp-param-type.enum.js';
import { McpArgIndex } from './mcp-pipeline-args.js';

/** Resolves decorated MCP handler parameters from the pipeline's `[request, response, args, ctx]`. */
export class McpParamsFactory implements ParamsFactory {
  exchangeKeyForValue(type: number, data: ParamData, args: unknown[]): unknown {
    const values = args[McpArgIndex.Args] as Record<string, unknown> | undefined;
    const ctx = args[McpArgIndex.Context] as McpContext;
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
