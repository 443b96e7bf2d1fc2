import { LazyAbort } from '../../../../lib/engine/lazy-abort.js';
import type { ModernDispatch } from '../../../../lib/engine/request-outlet.interface.js';
import { McpServer } from '../../../../lib/server/mcp-server.js';

/** A 2026-07-28 dispatch whose signal counts how often it is read (a transport makes it lazily). */
function call(abort: LazyAbort): { call: ModernDispatch; reads: () => number } {
  let reads = 0;
  return {
    call: {
      protocol: { protocolVersion: '2026-07-28', clientCapabilities: {}, era: 'modern' },
      outlet: { notify: () => undefined },
      transport: { kind: 'streamable-http' },
      get signal() {
        reads++;
        return abort.signal;
      },
    },
    reads: () => reads,
  };
}

const request = (id: number) => ({
  jsonrpc: '2.0' as const,
  id,
  method: 'tools/call',
  params: { name: 'echo', arguments: {} },
});

describe('the signal of a 2025 session request', () => {
  it('is never read for a call whose handler does not read it (the peer makes it lazily)', async () => {
    const server = new McpServer({ name: 'n', version: '1' });
    server.registerTool({ name: 'echo' }, () => 'x');
    const session = server.core.createSession('s1', 'in-memory');
    session.protocol = { protocolVersion: '2025-11-25', clientCapabilities: {} };
    session.initialized = true;
    let reads = 0;
    const abort = new LazyAbort();
    const inbound = {
      get signal() {
        reads++;
        return abort.signal;
      },
      extra: { transport: { kind: 'in-memory' as const } },
    };
    const result = await server.core.dispatchInbound(session, request(3), inbound);
    expect(result.content).toEqual([{ type: 'text', text: 'x' }]);
    expect(reads).toBe(0);
  });
});

describe('the signal of a 2026-07-28 request', () => {
  it('is never read for a call whose handler does not read it (no controller is made)', async () => {
    const server = new McpServer({ name: 'n', version: '1' });
    server.registerTool({ name: 'echo' }, () => 'x');
    const { call: dispatch, reads } = call(new LazyAbort());
    const result = await server.core.dispatchModern(request(1), dispatch);
    expect(result.content).toEqual([{ type: 'text', text: 'x' }]);
    expect(reads()).toBe(0);
  });

  it("reaches a handler that reads it: the client's abort aborts the handler's signal", async () => {
    const server = new McpServer({ name: 'n', version: '1' });
    const abort = new LazyAbort();
    let reason: unknown;
    server.registerTool(
      { name: 'echo' },
      (_args, ctx) =>
        new Promise((_resolve, reject) => {
          ctx.signal.addEventListener('abort', () => {
            reason = ctx.signal.reason;
            reject(new Error('stopped'));
          });
          abort.abort('client went away');
        }),
    );
    const { call: dispatch } = call(abort);
    await expect(server.core.dispatchModern(request(2), dispatch)).rejects.toBeDefined();
    expect(reason).toBe('client went away');
  });
});
