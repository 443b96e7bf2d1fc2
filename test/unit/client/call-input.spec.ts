import { CallInputs, type McpCallInput } from '../../../lib/client/call-input.js';
import type { McpCallOptions } from '../../../lib/client/mcp-client-options.interface.js';
import type { OutgoingRequestOptions } from '../../../lib/engine/json-rpc-peer.interface.js';
import { relateToRequest } from '../../../lib/engine/related-request.js';
import type { JsonRpcRequest } from '../../../lib/protocol/json-rpc.js';

const elicit = (id: number): JsonRpcRequest => ({
  jsonrpc: '2.0',
  id,
  method: 'elicitation/create',
  params: { message: 'Sure?', requestedSchema: { type: 'object', properties: {} } },
});

describe('CallInputs', () => {
  it("answers a server request the transport related to a call with that call's input, any other with the client's", () => {
    const inputs = new CallInputs();
    const client: McpCallInput = { elicitation: async () => ({ action: 'decline' }) };
    const mine: McpCallInput = { elicitation: async () => ({ action: 'accept', content: {} }) };
    const options = inputs.wrap<McpCallOptions & OutgoingRequestOptions>({ input: mine });
    options.onRequestId!(7);
    // Related to call 7: its own handler; unrelated or related to another call: the client's.
    expect(inputs.handlersFor(relateToRequest(elicit(1), 7), client).elicitation).toBe(
      mine.elicitation,
    );
    expect(inputs.handlersFor(elicit(2), client)).toBe(client);
    expect(inputs.handlersFor(relateToRequest(elicit(3), 8), client)).toBe(client);
    // The call ended: its id answers with the client's handlers again.
    inputs.release(options);
    expect(inputs.handlersFor(relateToRequest(elicit(4), 7), client)).toBe(client);
    const plain = { timeoutMs: 5 };
    expect(inputs.wrap(plain)).toBe(plain);
  });
});
