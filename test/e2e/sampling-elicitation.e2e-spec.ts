import {
  CreateMessageRequestSchema,
  ElicitRequestSchema,
  McpError,
  type CreateMessageRequest,
  type ElicitRequest,
} from '@modelcontextprotocol/sdk/types.js';
import { startApp, type TestApp } from './support/app.js';
import { connectClient, type TestClient } from './support/client.js';
import type { SeenError } from './support/test-tools.js';

describe('sampling and elicitation round trips', () => {
  let server: TestApp;
  let peer: TestClient | undefined;

  beforeEach(async () => {
    server = await startApp();
  });

  afterEach(async () => {
    await peer?.close();
    peer = undefined;
    await server.close();
  });

  /** POSTs the client made to answer server requests. */
  const clientAnswers = (p: TestClient) => p.wire.filter((w) => w.rpcMethod === 'response');

  describe('sampling/createMessage', () => {
    it('forwards the request to the client model and gives the tool its answer', async () => {
      const seen: CreateMessageRequest['params'][] = [];
      peer = await connectClient(server.url, {
        capabilities: { sampling: {} },
        setup: (client) =>
          client.setRequestHandler(CreateMessageRequestSchema, (request) => {
            seen.push(request.params);
            return {
              role: 'assistant',
              content: { type: 'text', text: '42' },
              model: 'test-model',
              stopReason: 'endTurn',
            };
          }),
      });
      const result = await peer.client.callTool({
        name: 'ask_model',
        arguments: { prompt: 'What is 6 x 7?' },
      });
      expect(result.isError).toBeFalsy();
      expect(result.content).toEqual([{ type: 'text', text: 'model test-model said: 42' }]);
      expect(seen).toEqual([
        expect.objectContaining({
          messages: [{ role: 'user', content: { type: 'text', text: 'What is 6 x 7?' } }],
          maxTokens: 64,
          systemPrompt: 'test system prompt',
        }),
      ]);
      // The server request travelled on the tool call's own stream; the answer was accepted.
      const call = peer.wire.find((w) => w.rpcMethod === 'tools/call');
      expect(call?.contentType).toMatch(/^text\/event-stream/);
      expect(clientAnswers(peer).map((w) => w.status)).toEqual([202]);
    });

    it('gives the tool the JSON-RPC error a client handler throws', async () => {
      peer = await connectClient(server.url, {
        capabilities: { sampling: {} },
        setup: (client) =>
          client.setRequestHandler(CreateMessageRequestSchema, () => {
            throw new McpError(-1, 'user rejected sampling');
          }),
      });
      const result = await peer.client.callTool({ name: 'ask_model', arguments: { prompt: 'x' } });
      expect(result.isError).toBe(true);
      const error = await server.tools.probe.wait<SeenError>('error:ask_model');
      expect(error.code).toBe(-1);
      expect(error.message).toContain('user rejected sampling');
    });

    it('fails in the tool, without asking the client, when sampling was not declared', async () => {
      peer = await connectClient(server.url, { capabilities: {} });
      const result = await peer.client.callTool({ name: 'ask_model', arguments: { prompt: 'x' } });
      expect(result.isError).toBe(true);
      expect(JSON.stringify(result.content)).toContain('sampling failed');
      const error = await server.tools.probe.wait<SeenError>('error:ask_model');
      expect(error.message).toMatch(/sampling/);
      expect(error.code).toEqual(expect.any(Number));
      expect(clientAnswers(peer)).toEqual([]);
    });
  });

  describe('elicitation/create', () => {
    function connectAnswering(answer: (request: ElicitRequest) => Record<string, unknown>) {
      const seen: ElicitRequest['params'][] = [];
      return connectClient(server.url, {
        capabilities: { elicitation: { form: {} } },
        setup: (client) =>
          client.setRequestHandler(ElicitRequestSchema, (request) => {
            seen.push(request.params);
            return answer(request) as never;
          }),
      }).then((p) => ({ peer: p, seen }));
    }

    it('asks the user through the client and gives the tool the accepted content', async () => {
      const connected = await connectAnswering(() => ({
        action: 'accept',
        content: { name: 'Ada', age: 36 },
      }));
      peer = connected.peer;
      const result = await peer.client.callTool({
        name: 'ask_user',
        arguments: { question: 'Who are you?' },
      });
      expect(result.content).toEqual([{ type: 'text', text: 'user is Ada, 36' }]);
      expect(connected.seen).toEqual([
        expect.objectContaining({
          message: 'Who are you?',
          requestedSchema: expect.objectContaining({
            type: 'object',
            properties: expect.objectContaining({ name: { type: 'string' } }),
            required: ['name'],
          }),
        }),
      ]);
      expect(clientAnswers(peer).map((w) => w.status)).toEqual([202]);
    });

    it('gives the tool a declined answer', async () => {
      const connected = await connectAnswering(() => ({ action: 'decline' }));
      peer = connected.peer;
      const result = await peer.client.callTool({
        name: 'ask_user',
        arguments: { question: 'Who are you?' },
      });
      expect(result.content).toEqual([{ type: 'text', text: 'user chose decline' }]);
    });

    it('fails in the tool, without asking the client, when elicitation was not declared', async () => {
      peer = await connectClient(server.url, { capabilities: { sampling: {} } });
      const result = await peer.client.callTool({
        name: 'ask_user',
        arguments: { question: 'Who are you?' },
      });
      expect(result.isError).toBe(true);
      expect(JSON.stringify(result.content)).toContain('elicitation failed');
      const error = await server.tools.probe.wait<SeenError>('error:ask_user');
      expect(error.message).toMatch(/elicitation/);
      expect(clientAnswers(peer)).toEqual([]);
    });
  });

  describe('with responseMode "json" (requests travel on the standalone GET stream)', () => {
    it('still completes a sampling round trip', async () => {
      await server.close();
      server = await startApp({ responseMode: 'json' });
      peer = await connectClient(server.url, {
        capabilities: { sampling: {} },
        setup: (client) =>
          client.setRequestHandler(CreateMessageRequestSchema, () => ({
            role: 'assistant',
            content: { type: 'text', text: 'json mode' },
            model: 'm',
          })),
      });
      await peer.standaloneStream;
      const result = await peer.client.callTool({ name: 'ask_model', arguments: { prompt: 'x' } });
      expect(result.content).toEqual([{ type: 'text', text: 'model m said: json mode' }]);
      const call = peer.wire.find((w) => w.rpcMethod === 'tools/call');
      expect(call?.contentType).toMatch(/^application\/json/);
    });
  });
});
