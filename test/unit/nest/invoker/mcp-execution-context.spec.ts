import { ExecutionContextHost } from '@nestjs/core/helpers/execution-context-host.js';
import { McpContext } from '../../../../lib/server/context/mcp-context.js';
import type { RequestScope } from '../../../../lib/server/context/request-scope.interface.js';
import type { TransportInfo } from '../../../../lib/engine/transport-info.interface.js';
import { McpExecutionContext } from '../../../../lib/nest/invoker/mcp-execution-context.js';
import { pipelineArgs } from '../../../../lib/nest/invoker/mcp-pipeline-args.js';

function contextOf(transport: TransportInfo): McpContext {
  return new McpContext({ transport, session: undefined } as unknown as RequestScope);
}

/** The execution context Nest builds for a guard from the pipeline's arguments. */
function nestContext(args: unknown[]): ExecutionContextHost {
  const host = new ExecutionContextHost(args);
  host.setType('mcp');
  return host;
}

describe('the mcp execution context', () => {
  it('switchToHttp() gives the HTTP request and response that carried the call', () => {
    const request = { headers: { authorization: 'Bearer t' } };
    const response = { statusCode: 200 };
    const ctx = contextOf({ kind: 'streamable-http', request, response });
    const http = nestContext(pipelineArgs({ a: 1 }, ctx)).switchToHttp();
    expect(http.getRequest()).toBe(request);
    expect(http.getResponse()).toBe(response);
  });

  it('without an HTTP request (stdio) gives a fresh stand-in with no headers and no user', () => {
    const ctx = contextOf({ kind: 'stdio' });
    const first = nestContext(pipelineArgs({}, ctx)).switchToHttp().getRequest<object>();
    const second = nestContext(pipelineArgs({}, ctx)).switchToHttp().getRequest<object>();
    expect(first).toEqual({ headers: {} });
    expect(first).not.toBe(second);
  });

  it('McpExecutionContext.create() reads the arguments, the call, the request and the response', () => {
    const request = { headers: {}, user: { id: 'ada' } };
    const ctx = contextOf({ kind: 'sse', request, response: 'res' });
    const call = McpExecutionContext.create<{ a: number }>(
      nestContext(pipelineArgs({ a: 1 }, ctx)),
    );
    expect(call).toEqual({
      args: { a: 1 },
      mcp: ctx,
      session: undefined,
      request,
      response: 'res',
    });
  });

  it('McpExecutionContext.create() refuses a context that is not an MCP call', () => {
    const http = new ExecutionContextHost([{}, {}]);
    expect(() => McpExecutionContext.create(http)).toThrow(TypeError);
  });
});
