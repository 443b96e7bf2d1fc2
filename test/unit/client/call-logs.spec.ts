import { jest as jestApi } from '@jest/globals';
import { withCallLogs } from '../../../lib/client/call-logs.js';
import type { JsonRpcNotification } from '../../../lib/protocol/json-rpc.js';

const log = (data: string): JsonRpcNotification => ({
  jsonrpc: '2.0',
  method: 'notifications/message',
  params: { level: 'info', data },
});

describe('withCallLogs', () => {
  it("McpClient's per-call onLog gets the call's log messages that match the protocol", () => {
    const onLog = jestApi.fn();
    const options = withCallLogs({ onLog });
    options.onRelatedNotification!(log('step'));
    options.onRelatedNotification!({ jsonrpc: '2.0', method: 'notifications/message', params: {} });
    options.onRelatedNotification!({
      jsonrpc: '2.0',
      method: 'notifications/progress',
      params: { progressToken: 1, progress: 1 },
    });
    expect(onLog.mock.calls).toEqual([[{ level: 'info', data: 'step' }]]);
    const plain = { timeoutMs: 5 };
    expect(withCallLogs(plain)).toBe(plain);
  });
});
