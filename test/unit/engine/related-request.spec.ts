import { jest as jestApi } from '@jest/globals';
import { JsonRpcPeer } from '../../../lib/engine/json-rpc-peer.js';
import { relateToRequest, relatedRequestOf } from '../../../lib/engine/related-request.js';
import type { JsonRpcMessage, JsonRpcNotification } from '../../../lib/protocol/json-rpc.js';

const log = (data: string): JsonRpcNotification => ({
  jsonrpc: '2.0',
  method: 'notifications/message',
  params: { level: 'info', data },
});

/** A peer whose sent messages are kept; `receive` feeds it as a transport would. */
function peer(onNotification = jestApi.fn()) {
  const sent: JsonRpcMessage[] = [];
  const p = new JsonRpcPeer<undefined>({
    send: (message) => void sent.push(message),
    onRequest: () => ({}),
    onNotification,
  });
  return { p, sent, onNotification };
}

describe('notifications related to an outgoing request', () => {
  it('reach the request the transport marked them for, and onNotification too', async () => {
    const { p, onNotification } = peer();
    const related = jestApi.fn();
    const other = jestApi.fn();
    const first = p.request('tools/call', {}, { onRelatedNotification: related });
    const second = p.request('tools/call', {}, { onRelatedNotification: other });
    const marked = relateToRequest(log('for 1'), 1);
    expect(relatedRequestOf(marked)).toBe(1);
    p.receive(marked, undefined);
    p.receive(log('unmarked'), undefined);
    expect(related.mock.calls).toEqual([[marked]]);
    expect(other).not.toHaveBeenCalled();
    expect(onNotification).toHaveBeenCalledTimes(2);
    p.receive({ jsonrpc: '2.0', id: 1, result: {} }, undefined);
    p.receive({ jsonrpc: '2.0', id: 2, result: {} }, undefined);
    await Promise.all([first, second]);
    // After its answer a request gets nothing more.
    p.receive(relateToRequest(log('late'), 1), undefined);
    expect(related).toHaveBeenCalledTimes(1);
  });
});
