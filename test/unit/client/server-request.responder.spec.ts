import { jest } from '@jest/globals';
import { McpClient } from '../../../lib/client/mcp-client.js';
import type {
  McpClientOptions,
  SamplingHandler,
} from '../../../lib/client/mcp-client-options.interface.js';
import { ErrorCode } from '../../../lib/protocol/error-codes.js';
import { ScriptedTransport } from './scripted-transport.js';

describe('McpClient answering server requests', () => {
  let client: McpClient | undefined;

  afterEach(async () => {
    await client?.close();
    client = undefined;
  });

  async function connect(options: Omit<McpClientOptions, 'transport'>) {
    const transport = new ScriptedTransport();
    client = new McpClient({ ...options, transport });
    await client.connect();
    return transport;
  }

  it('answers sampling with the handler, which gets the checked params', async () => {
    const sampling = jest.fn(() => ({
      role: 'assistant' as const,
      model: 'm',
      content: { type: 'text' as const, text: 'hi' },
    }));
    const transport = await connect({ sampling });
    const params = {
      messages: [{ role: 'user', content: { type: 'text', text: 'Q' } }],
      maxTokens: 5,
    };
    const response = await transport.ask(1, 'sampling/createMessage', params);
    expect(response).toMatchObject({ result: { model: 'm', content: { text: 'hi' } } });
    expect(sampling).toHaveBeenCalledWith(
      params,
      expect.objectContaining({ signal: expect.any(AbortSignal) }),
    );
  });

  it('answers malformed sampling params with -32602 without calling the handler', async () => {
    const sampling = jest.fn<SamplingHandler>();
    const transport = await connect({ sampling });
    const response = await transport.ask(2, 'sampling/createMessage', { messages: 'nope' });
    expect(response).toMatchObject({ error: { code: ErrorCode.InvalidParams } });
    expect((response as { error: { message: string } }).error.message).toContain('maxTokens');
    expect(sampling).not.toHaveBeenCalled();
  });

  it('fills the defaults of every primitive field kind into accepted form content', async () => {
    const transport = await connect({ elicitation: () => ({ action: 'accept', content: {} }) });
    const response = await transport.ask(3, 'elicitation/create', {
      message: 'Who?',
      requestedSchema: {
        type: 'object',
        properties: {
          name: { type: 'string', description: 'Name', default: 'Ada' },
          year: { type: 'integer', default: 1843 },
          ratio: { type: 'number', default: 0.5 },
          role: { type: 'string', enum: ['author', 'reader'], default: 'author' },
          notify: { type: 'boolean', default: false },
        },
        required: [],
      },
    });
    expect(response).toMatchObject({
      result: {
        action: 'accept',
        content: { name: 'Ada', year: 1843, ratio: 0.5, role: 'author', notify: false },
      },
    });
  });

  it('answers a method without a handler with -32601', async () => {
    const transport = await connect({});
    const response = await transport.ask(4, 'sampling/createMessage', {});
    expect(response).toMatchObject({ error: { code: ErrorCode.MethodNotFound } });
  });
});
