import { isToolsListResponse } from '../../../bench/workload.js';

describe('isToolsListResponse (the load generator check of a tools/list reply)', () => {
  const tools = '[{"name":"echo","inputSchema":{"type":"object"}}]';

  it('accepts a list reply whatever the order of its members', () => {
    expect(isToolsListResponse(`{"jsonrpc":"2.0","id":7,"result":{"tools":${tools}}}`, 7)).toBe(
      true,
    );
    expect(isToolsListResponse(`{"result":{"tools":${tools}},"jsonrpc":"2.0","id":7}`, 7)).toBe(
      true,
    );
    expect(
      isToolsListResponse(`{"jsonrpc":"2.0","id":7,"result":{"_meta":{},"tools":${tools}}}`, 7),
    ).toBe(true);
  });

  it('refuses an error reply, another id, and a result without tools', () => {
    const error =
      '{"jsonrpc":"2.0","id":7,"error":{"code":-32601,"message":"no \\"tools\\":[ here"}}';
    expect(isToolsListResponse(error, 7)).toBe(false);
    expect(isToolsListResponse(`{"jsonrpc":"2.0","id":8,"result":{"tools":${tools}}}`, 7)).toBe(
      false,
    );
    expect(isToolsListResponse('{"jsonrpc":"2.0","id":7,"result":{}}', 7)).toBe(false);
  });
});
