import {
  CreateMessageRequestParamsSchema,
  CreateMessageResultSchema,
  SamplingMessageSchema,
} from '../../../../lib/protocol/schema/index.js';
import { issuePaths } from './helpers.js';

const weatherTool = {
  name: 'get_weather',
  description: 'Get current weather for a city',
  inputSchema: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] },
};

describe('sampling/createMessage', () => {
  it('parses a basic request with model preferences', () => {
    const params = {
      messages: [
        { role: 'user', content: { type: 'text', text: 'What is the capital of France?' } },
      ],
      modelPreferences: {
        hints: [{ name: 'claude-3-sonnet' }],
        intelligencePriority: 0.8,
        speedPriority: 0.5,
      },
      systemPrompt: 'You are a helpful assistant.',
      includeContext: 'none',
      maxTokens: 100,
    };
    expect(CreateMessageRequestParamsSchema.parse(params)).toEqual(params);
  });

  it('parses a 2025-11-25 follow-up carrying tool_use and tool_result blocks', () => {
    const params = {
      messages: [
        { role: 'user', content: { type: 'text', text: 'Weather in Paris and London?' } },
        {
          role: 'assistant',
          content: [
            { type: 'tool_use', id: 'call_abc123', name: 'get_weather', input: { city: 'Paris' } },
            { type: 'tool_use', id: 'call_def456', name: 'get_weather', input: { city: 'London' } },
          ],
        },
        {
          role: 'user',
          content: [
            {
              type: 'tool_result',
              toolUseId: 'call_abc123',
              content: [{ type: 'text', text: 'Weather in Paris: 18°C, partly cloudy' }],
            },
            {
              type: 'tool_result',
              toolUseId: 'call_def456',
              content: [{ type: 'text', text: 'Weather in London: 15°C, rainy' }],
              isError: false,
            },
          ],
        },
      ],
      tools: [weatherTool],
      toolChoice: { mode: 'auto' },
      maxTokens: 1000,
    };
    expect(CreateMessageRequestParamsSchema.parse(params)).toEqual(params);
  });

  it('reports an invalid toolChoice mode and a missing maxTokens', () => {
    const params = {
      messages: [],
      tools: [weatherTool],
      toolChoice: { mode: 'always' },
    };
    expect(issuePaths(CreateMessageRequestParamsSchema, params).sort()).toEqual([
      'maxTokens',
      'toolChoice.mode',
    ]);
  });

  it('does not allow resource links inside sampling messages', () => {
    const message = {
      role: 'user',
      content: { type: 'resource_link', uri: 'file:///a', name: 'a' },
    };
    expect(SamplingMessageSchema.safeParse(message).success).toBe(false);
  });

  it('parses a tool-use result and keeps an unknown stop reason', () => {
    const result = {
      role: 'assistant',
      content: [{ type: 'tool_use', id: 'call_1', name: 'get_weather', input: { city: 'Paris' } }],
      model: 'claude-3-sonnet-20240307',
      stopReason: 'toolUse',
    };
    expect(CreateMessageResultSchema.parse(result)).toEqual(result);
    const other = { ...result, stopReason: 'contentFilter', providerData: { id: 'x' } };
    expect(CreateMessageResultSchema.parse(other)).toEqual(other);
  });

  it('requires model on a result', () => {
    const result = { role: 'assistant', content: { type: 'text', text: 'Paris' } };
    expect(issuePaths(CreateMessageResultSchema, result)).toEqual(['model']);
  });
});
