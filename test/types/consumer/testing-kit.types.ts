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

// Extras belong next to useFactory; returned by the factory they are a type error.
import { McpModule } from 'nestjs-mcp';
McpModule.forRootAsync({ useFactory: () => ({ name: 'a', version: '1' }), path: 'x', sse: true });
// @ts-expect-error: `path` is an extra, not an option
McpModule.forRootAsync({ useFactory: () => ({ name: 'a', version: '1', path: 'x' }) });
// @ts-expect-error: `websocket` is an extra, not an option
McpModule.forRootAsync({ useFactory: async () => ({ name: 'a', version: '1', websocket: true }) });

// The principal a test client calls as, or anonymous.
import type { McpTestPrincipal } from 'nestjs-mcp';
const principal: McpTestPrincipal = {
  subject: 'ada',
  scopes: ['notes:read'],
  clientId: 'cli',
  claims: { tenant: 't1' },
};
export const asPrincipal: McpTestClientOptions = { auth: principal };
export const asNobody: McpTestClientOptions = { auth: null };
// @ts-expect-error: scopes are a list of names
export const badScopes: McpTestClientOptions = { auth: { scopes: 'notes:read' } };
// @ts-expect-error: exactOptionalPropertyTypes: an absent subject is left out, not undefined
export const undefinedSubject: McpTestPrincipal = { subject: undefined };
