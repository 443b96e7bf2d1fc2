import type { ExecutionContext } from '@nestjs/common';
import { CUSTOM_ROUTE_ARGS_METADATA } from '@nestjs/common/constants.js';
import type { McpContext } from '../../server/context/mcp-context.js';
import { McpArgIndex } from './mcp-pipeline-args.js';

/**
 * Where a handler's pipeline callback finds the call's context among its arguments:
 * - `pipeline`: the method has no decorated parameters, so Nest passes the pipeline's own
 *   arguments, the context at {@link McpArgIndex.Context};
 * - `ambient`: decorated parameters, the context storage kept: an `@McpCtx()` argument, else
 *   the storage behind `getCurrentMcpContext()`;
 * - `token`: decorated parameters without the storage (`asyncContext: false`): one hidden
 *   parameter after the method's own carries a number that stands for the context.
 */
export type ContextPlace =
  { readonly kind: 'pipeline' | 'ambient' } | { readonly kind: 'token'; readonly index: number };

/** A {@link ContextPlace} and the parameter metadata key the pipeline reads for it. */
export type ContextSlot = ContextPlace & { readonly metadataKey: string };

/** Prefix of the metadata keys holding a method's parameters with the hidden one appended. */
const WITH_TOKEN = 'nestjs-mcp:with-context-token:';

/** Contexts waiting for their handler, by token, and each one's token (to release it). */
const waiting = new Map<number, McpContext>();
const tokens = new WeakMap<McpContext, number>();
let lastToken = 0;

/**
 * The hidden parameter's value (a custom-parameter factory of Nest's): a number standing for the
 * call's context. A number, not the context itself, because the app's global and method pipes
 * run on every parameter, this one too, and most leave a number alone (a pipe that serialises or
 * rebuilds every object would break a context).
 */
const tokenOf = (_data: unknown, host: ExecutionContext): number => {
  const ctx = host.getArgByIndex<McpContext>(McpArgIndex.Context);
  const token = ++lastToken;
  waiting.set(token, ctx);
  tokens.set(ctx, token);
  return token;
};

/** The context a hidden parameter's `token` stands for, handed out once. */
export function takeContext(token: unknown): McpContext | undefined {
  if (typeof token !== 'number') return undefined;
  const ctx = waiting.get(token);
  waiting.delete(token);
  return ctx;
}

/** Forgets the token of `ctx` when its handler never ran (a pipe refused an argument). */
export function releaseContextToken(ctx: McpContext): void {
  const token = tokens.get(ctx);
  if (token !== undefined) waiting.delete(token);
}

type ParamMetadata = Record<string, { index: number }>;

/**
 * Where the pipeline callback of `methodName` finds the call's context (see {@link ContextSlot}).
 * For a `token` slot the method's parameter metadata is copied under a key of ours with the
 * hidden parameter after the last, once per class and method; the class's own metadata is not
 * changed.
 */
export function contextSlot(
  type: object,
  methodName: string,
  metadataKey: string,
  keepsContext: boolean,
): ContextSlot {
  const own = Reflect.getMetadata(metadataKey, type, methodName) as ParamMetadata | undefined;
  const entries = own ? Object.values(own) : [];
  // No parameters: Nest passes the pipeline's arguments as they are.
  if (entries.length === 0) return { kind: 'pipeline', metadataKey };
  if (keepsContext) return { kind: 'ambient', metadataKey };
  const index = Math.max(...entries.map((entry) => entry.index)) + 1;
  const key = WITH_TOKEN + metadataKey;
  if (!Reflect.hasOwnMetadata(key, type, methodName)) {
    Reflect.defineMetadata(
      key,
      {
        ...own,
        [`nestjsMcpContext${CUSTOM_ROUTE_ARGS_METADATA}:${index}`]: { index, factory: tokenOf },
      },
      type,
      methodName,
    );
  }
  return { kind: 'token', metadataKey: key, index };
}
