/**
 * Capacity limits, refusal counters and graceful shutdown as a consumer sees them: the options
 * are typed on `McpModule.forRoot()` and `McpServer`, `stats()` returns plain numbers, and a
 * refusal is a `CapacityError` whose `data` names the limit.
 */
import { expectTypeOf } from 'expect-type';
import {
  AuthorizationServerUnavailableError,
  CAPACITY_ERROR_CODE,
  CLIENT_DID_NOT_ANSWER_ERROR_CODE,
  ClientDidNotAnswerError,
  CapacityError,
  McpModule,
  McpServer,
  type CapacityLimit,
  type McpLimitsOptions,
  type McpModuleOptions,
  type McpServerStats,
  type RefusalKind,
} from 'nestjs-mcp';

const limits: McpLimitsOptions = {
  maxSessions: 10_000,
  maxSessionsPerPrincipal: 100,
  maxSessionsPerAddress: Infinity,
  maxInFlightPerSession: 50,
  maxStreams: 500,
  maxTasksPerOwner: 100,
  maxTasks: 1000,
  maxPendingClientRequestsPerSession: 8,
  retryAfterSeconds: 2,
};
const options: McpModuleOptions = {
  name: 'limits',
  version: '1.0.0',
  limits,
  drainTimeoutMs: 10_000,
  bodyTimeoutMs: 5000,
  keepAliveMs: 15_000,
  clientAddress: (req) => req.socket.remoteAddress,
};
McpModule.forRoot(options);
// @ts-expect-error: limits are numbers
McpModule.forRoot({ name: 'x', version: '1', limits: { maxSessions: '10' } });

const server = new McpServer({ name: 'limits', version: '1.0.0', limits, drainTimeoutMs: 100 });
const stats = server.stats();
expectTypeOf(stats).toEqualTypeOf<McpServerStats>();
expectTypeOf(stats.sessions).toEqualTypeOf<number>();
expectTypeOf(stats.refused.maxSessions).toEqualTypeOf<number>();
expectTypeOf(stats.limits.maxInFlightPerSession).toEqualTypeOf<number>();
expectTypeOf<RefusalKind>().toEqualTypeOf<
  CapacityLimit | 'bodyTimeout' | 'authorizationUnavailable' | 'maxInputRounds'
>();
expectTypeOf(stats.tasks).toEqualTypeOf<number>();
expectTypeOf(stats.refused.maxTasksPerOwner).toEqualTypeOf<number>();
expectTypeOf(server.drain()).toEqualTypeOf<Promise<void>>();

const refusal: unknown = undefined;
if (refusal instanceof CapacityError) {
  expectTypeOf(refusal.data.limit).toEqualTypeOf<CapacityLimit>();
  expectTypeOf(refusal.httpStatus).toEqualTypeOf<429 | 503>();
}
expectTypeOf(CAPACITY_ERROR_CODE).toEqualTypeOf<-32000>();

const unanswered: unknown = undefined;
if (unanswered instanceof ClientDidNotAnswerError) {
  expectTypeOf(unanswered.data.timeoutMs).toEqualTypeOf<number>();
}
expectTypeOf(CLIENT_DID_NOT_ANSWER_ERROR_CODE).toEqualTypeOf<-32003>();
expectTypeOf(new AuthorizationServerUnavailableError('down')).toMatchTypeOf<Error>();
