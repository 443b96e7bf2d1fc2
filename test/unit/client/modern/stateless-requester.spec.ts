import { StatelessRequester } from '../../../../lib/client/modern/stateless-requester.js';
import type { ClientTransport } from '../../../../lib/client/client-transport.interface.js';
import { JsonRpcPeer } from '../../../../lib/engine/json-rpc-peer.js';
import { VersionNegotiationError } from '../../../../lib/errors/version-negotiation.error.js';
import type { JsonRpcMessage, JsonRpcRequest } from '../../../../lib/protocol/json-rpc.js';

type Answer =
  | { result: Record<string, unknown> }
  | { error: { code: number; message: string; data?: unknown } };

/** A requester over a peer whose "server" answers with `script`. */
function setup(script: (request: JsonRpcRequest) => Answer) {
  const sent: JsonRpcRequest[] = [];
  const peer: JsonRpcPeer<undefined> = new JsonRpcPeer<undefined>({
    send: (message: JsonRpcMessage) => {
      if (!('method' in message) || !('id' in message)) return;
      sent.push(message);
      const answer = script(message);
      queueMicrotask(() => peer.receive({ jsonrpc: '2.0', id: message.id, ...answer }, undefined));
    },
    onRequest: () => ({}),
  });
  const requester = new StatelessRequester(
    peer,
    {
      transport: {} as ClientTransport,
      clientInfo: { name: 'unit', version: '1' },
      roots: [{ uri: 'file:///r' }],
      logLevel: 'info',
    },
    { answer: () => async () => ({ roots: [{ uri: 'file:///r' }] }), warn: () => undefined },
  );
  requester.begin('2026-07-28');
  return { requester, sent };
}

describe('StatelessRequester', () => {
  it('sends the _meta envelope (version, capabilities, client info, log level) on every request', async () => {
    const { requester, sent } = setup(() => ({ result: { tools: [] } }));
    await requester.request('tools/list', {}, { meta: { trace: 'x' } });
    expect(sent[0]?.params?._meta).toEqual({
      'io.modelcontextprotocol/protocolVersion': '2026-07-28',
      'io.modelcontextprotocol/clientCapabilities': { roots: { listChanged: true } },
      'io.modelcontextprotocol/clientInfo': { name: 'unit', version: '1' },
      'io.modelcontextprotocol/logLevel': 'info',
      trace: 'x',
    });
  });

  it('computes headers only for transports that use them, from the message _meta version', () => {
    const { requester } = setup(() => ({ result: {} }));
    const message = {
      jsonrpc: '2.0' as const,
      id: 1,
      method: 'prompts/get',
      params: { name: 'p', _meta: { 'io.modelcontextprotocol/protocolVersion': '2026-07-28' } },
    };
    const http = { usesRequestHeaders: true } as ClientTransport;
    expect(requester.headersFor(message, http)?.headers).toEqual({
      'mcp-protocol-version': '2026-07-28',
      'mcp-method': 'prompts/get',
      'mcp-name': 'p',
    });
    expect(requester.headersFor(message, {} as ClientTransport)).toBeUndefined();
  });

  it('answers MRTR rounds with the client handlers', async () => {
    const { requester, sent } = setup((request) =>
      request.params?.inputResponses
        ? { result: { resultType: 'complete', content: [] } }
        : {
            result: {
              resultType: 'input_required',
              inputRequests: { r: { method: 'roots/list' } },
            },
          },
    );
    await requester.request('tools/call', { name: 't' });
    expect(sent[1]?.params?.inputResponses).toEqual({ r: { roots: [{ uri: 'file:///r' }] } });
    expect(sent[1]?.id).not.toBe(sent[0]?.id);
  });

  it('turns -32022 without a modern revision into VersionNegotiationError', async () => {
    const { requester } = setup(() => ({
      error: { code: -32022, message: 'no', data: { supported: ['2025-11-25'] } },
    }));
    await expect(requester.request('tools/list', {})).rejects.toBeInstanceOf(
      VersionNegotiationError,
    );
  });

  it('retries once after -32022 naming a revision it speaks', async () => {
    let first = true;
    const { requester, sent } = setup(() => {
      if (!first) return { result: { tools: [] } };
      first = false;
      return { error: { code: -32022, message: 'again', data: { supported: ['2026-07-28'] } } };
    });
    await expect(requester.request('tools/list', {})).resolves.toEqual({ tools: [] });
    expect(sent).toHaveLength(2);
  });
});
