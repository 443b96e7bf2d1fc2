import { IdempotentCalls } from '../../../../lib/transports/broker/idempotent-calls.js';
import type { JsonRpcRequest } from '../../../../lib/protocol/json-rpc.js';

const request = (method: string, params?: Record<string, unknown>): JsonRpcRequest => ({
  jsonrpc: '2.0',
  id: 1,
  method,
  ...(params && { params }),
});
const call = (name: string) => request('tools/call', { name, arguments: {} });

describe('IdempotentCalls', () => {
  it('allows the read methods and refuses other methods', () => {
    const calls = new IdempotentCalls();
    for (const method of ['tools/list', 'prompts/list', 'resources/list', 'resources/read']) {
      expect(calls.allows(request(method))).toBe(true);
    }
    expect(calls.allows(request('prompts/get'))).toBe(false);
    expect(calls.allows(call('anything'))).toBe(false);
  });

  it('learns read-only and idempotent tools from tools/list, and forgets them when they change', () => {
    const calls = new IdempotentCalls();
    const list = (tools: object[]) =>
      calls.learn(request('tools/list'), { jsonrpc: '2.0', id: 1, result: { tools } });
    list([
      { name: 'read', annotations: { readOnlyHint: true } },
      { name: 'put', annotations: { idempotentHint: true } },
      { name: 'order', annotations: { readOnlyHint: false } },
      { name: 'plain' },
      { bad: true },
    ]);
    expect(['read', 'put', 'order', 'plain'].map((n) => calls.allows(call(n)))).toEqual([
      true,
      true,
      false,
      false,
    ]);
    list([{ name: 'read' }]);
    expect(calls.allows(call('read'))).toBe(false);
    // Not a tools/list response: nothing learned.
    calls.learn(request('prompts/list'), {
      jsonrpc: '2.0',
      id: 1,
      result: { tools: [{ name: 'x', annotations: { readOnlyHint: true } }] },
    });
    expect(calls.allows(call('x'))).toBe(false);
  });
});
