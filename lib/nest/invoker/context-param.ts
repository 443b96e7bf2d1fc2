import type { ExecutionContext } from '@nestjs/common';
import { CUSTOM_ROUTE_ARGS_METADATA } from '@nestjs/common/constants.js';
import { McpArgIndex } from './mcp-pipeline-args.js';

/** Where a handler's context is among the arguments its pipeline callback receives. */
export interface ContextSlot {
  /** The parameter metadata key the pipeline builds the callback's arguments from. */
  readonly metadataKey: string;
  /** The index of the `McpContext` among the callback's arguments. */
  readonly index: number;
  /** The context was appended after the handler's own parameters (to take off before the call). */
  readonly appended: boolean;
}

/** Prefix of the metadata keys holding a method's parameters with the context appended. */
const WITH_CONTEXT = 'nestjs-mcp:with-context:';

/** Reads the context from the pipeline's arguments (a custom-parameter factory of Nest's). */
const contextOf = (_data: unknown, host: ExecutionContext): unknown =>
  host.getArgByIndex(McpArgIndex.Context);

type ParamMetadata = Record<string, { index: number }>;

/**
 * Where the pipeline callback of `methodName` finds the call's context, without an
 * `AsyncLocalStorage`. A method without decorated parameters gets the pipeline's own arguments,
 * the context among them. A decorated one gets only what its parameters ask for, so its
 * parameter metadata is copied under a key of ours with one more, hidden parameter after the
 * last: the context. The copy is made once per class and method; the class's own metadata is not
 * changed.
 */
export function contextSlot(type: object, methodName: string, metadataKey: string): ContextSlot {
  const own = Reflect.getMetadata(metadataKey, type, methodName) as ParamMetadata | undefined;
  const entries = own ? Object.values(own) : [];
  // No parameters: Nest passes the pipeline's arguments as they are.
  if (entries.length === 0) return { metadataKey, index: McpArgIndex.Context, appended: false };
  const index = Math.max(...entries.map((entry) => entry.index)) + 1;
  const key = WITH_CONTEXT + metadataKey;
  if (!Reflect.hasOwnMetadata(key, type, methodName)) {
    Reflect.defineMetadata(
      key,
      {
        ...own,
        [`nestjsMcpContext${CUSTOM_ROUTE_ARGS_METADATA}:${index}`]: { index, factory: contextOf },
      },
      type,
      methodName,
    );
  }
  return { metadataKey: key, index, appended: true };
}
