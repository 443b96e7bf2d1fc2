import type { PipeTransform, Type } from '@nestjs/common';
import { MCP_PARAM_ARGS_METADATA, McpParamType } from './mcp-param-type.enum.js';

type Pipe = Type<PipeTransform> | PipeTransform;

function mcpParam(type: McpParamType, data?: string, pipes: Pipe[] = []): ParameterDecorator {
  return (target, key, index) => {
    if (key === undefined) return;
    const existing = (Reflect.getMetadata(MCP_PARAM_ARGS_METADATA, target.constructor, key) ??
      {}) as object;
    Reflect.defineMetadata(
      MCP_PARAM_ARGS_METADATA,
      { ...existing, [`${type}:${index}`]: { index, data, pipes } },
      target.constructor,
      key,
    );
  };
}

/**
 * The validated arguments of a tool or prompt (or one of them by name), with optional pipes:
 * `run(@McpArgs(ValidationPipe) dto: CreateUserDto)`.
 */
export function McpArgs(property?: string | Pipe, ...pipes: Pipe[]): ParameterDecorator {
  return typeof property === 'string' || property === undefined
    ? mcpParam(McpParamType.ARGS, property, pipes)
    : mcpParam(McpParamType.ARGS, undefined, [property, ...pipes]);
}

/** The `McpContext` of the call (progress, log, elicit, sample, signal ...). */
export const McpCtx = (): ParameterDecorator => mcpParam(McpParamType.CONTEXT);

/** The session handle (`id`, `state`) of the call; undefined for stateless requests. */
export const McpSession = (): ParameterDecorator => mcpParam(McpParamType.SESSION);

/** @deprecated Renamed {@link McpSession} (one `Mcp*` pattern for every param decorator). */
export const McpSessionParam = McpSession;

/** The underlying HTTP request (or WebSocket) that carried the call. */
export const McpRequest = (): ParameterDecorator => mcpParam(McpParamType.REQUEST);
