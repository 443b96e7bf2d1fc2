/**
 * The testing kit and the typed mcp execution context as a consumer sees them.
 */
import { expectTypeOf } from 'expect-type';
import {
  createMcpTestClient,
  McpExecutionContext,
  type McpClient,
  type McpRequestLike,
  type McpTestClientOptions,
} from 'nestjs-mcp';
import type { ExecutionContext } from '@nestjs/common';
const kitOptions: McpTestClientOptions = {
  headers: { authorization: 'Bearer t' },
  user: { id: 1 },
};
declare const kitModule: { get(token: unknown, options?: { strict: boolean }): unknown };
expectTypeOf(
  createMcpTestClient(kitModule as never, kitOptions),
).resolves.toEqualTypeOf<McpClient>();
// @ts-expect-error: headers are strings
export const badKitOptions: McpTestClientOptions = { headers: { 'x-n': 1 } };
declare const guardContext: ExecutionContext;
const call = McpExecutionContext.create<{ id: string }>(guardContext);
expectTypeOf(call.args).toEqualTypeOf<{ id: string }>();
expectTypeOf(call.request).toEqualTypeOf<McpRequestLike>();
expectTypeOf(call.request.headers.authorization).toEqualTypeOf<string | undefined>();
