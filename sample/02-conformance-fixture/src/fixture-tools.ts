import { Injectable } from '@nestjs/common';
import { z } from 'zod';
import {
  audio,
  embeddedResource,
  image,
  McpContext,
  McpError,
  text,
  Tool,
  toolError,
  type JsonSchema,
} from '../../../lib/index.js';
import { delay, TEST_AUDIO_BASE64, TEST_IMAGE_BASE64 } from './fixture-constants.js';

/** The raw JSON Schema 2020-12 of `json_schema_2020_12_tool`, listed verbatim by `tools/list`. */
const JSON_SCHEMA_2020_12: JsonSchema = {
  $schema: 'https://json-schema.org/draft/2020-12/schema',
  type: 'object',
  $defs: {
    address: {
      $anchor: 'addressDef',
      type: 'object',
      properties: { street: { type: 'string' }, city: { type: 'string' } },
    },
  },
  properties: {
    name: { type: 'string' },
    address: { $ref: '#/$defs/address' },
    contactMethod: { type: 'string', enum: ['phone', 'email'] },
    phone: { type: 'string' },
    email: { type: 'string' },
  },
  allOf: [{ anyOf: [{ required: ['phone'] }, { required: ['email'] }] }],
  if: { properties: { contactMethod: { const: 'phone' } }, required: ['contactMethod'] },
  then: { required: ['phone'] },
  else: { required: ['email'] },
  additionalProperties: false,
};

/** Text of a sampling result's content: one block or (2025-11-25) an array of blocks. */
function samplingText(content: unknown): string {
  const blocks = Array.isArray(content) ? (content as unknown[]) : [content];
  return blocks
    .map((block) => {
      const candidate = block as { type?: unknown; text?: unknown } | null;
      return candidate?.type === 'text' && typeof candidate.text === 'string'
        ? candidate.text
        : JSON.stringify(block);
    })
    .join('\n');
}

/** The conformance fixture's content, logging, progress, error, sampling and schema tools (§5.3). */
@Injectable()
export class FixtureTools {
  /** Returns one fixed text block. */
  @Tool({ name: 'test_simple_text', description: 'Tests simple text content response' })
  simpleText() {
    return text('This is a simple text response for testing.');
  }

  /** Returns one PNG image block. */
  @Tool({ name: 'test_image_content', description: 'Tests image content response' })
  imageContent() {
    return image(TEST_IMAGE_BASE64, 'image/png');
  }

  /** Returns one WAV audio block. */
  @Tool({ name: 'test_audio_content', description: 'Tests audio content response' })
  audioContent() {
    return audio(TEST_AUDIO_BASE64, 'audio/wav');
  }

  /** Returns one embedded text resource. */
  @Tool({ name: 'test_embedded_resource', description: 'Tests embedded resource content response' })
  embeddedResourceContent() {
    return embeddedResource({
      uri: 'test://embedded-resource',
      mimeType: 'text/plain',
      text: 'This is an embedded resource content.',
    });
  }

  /** Returns text, image and embedded resource blocks together. */
  @Tool({
    name: 'test_multiple_content_types',
    description: 'Tests response with multiple content types (text, image, resource)',
  })
  multipleContentTypes() {
    return [
      text('Multiple content types test:'),
      image(TEST_IMAGE_BASE64, 'image/png'),
      embeddedResource({
        uri: 'test://mixed-content-resource',
        mimeType: 'application/json',
        text: JSON.stringify({ test: 'data', value: 123 }),
      }),
    ];
  }

  /** Sends three `info` log messages about 50 ms apart, then returns text. */
  @Tool({
    name: 'test_tool_with_logging',
    description: 'Tests tool that emits log messages during execution',
  })
  async withLogging(_args: unknown, ctx: McpContext) {
    ctx.log('info', 'Tool execution started');
    await delay(50, ctx.signal);
    ctx.log('info', 'Tool processing data');
    await delay(50, ctx.signal);
    ctx.log('info', 'Tool execution completed');
    return text('Tool with logging executed successfully');
  }

  /** Reports progress 0, 50 and 100 of 100 about 50 ms apart, then returns the progress token. */
  @Tool({
    name: 'test_tool_with_progress',
    description: 'Tests tool that reports progress notifications',
  })
  async withProgress(_args: unknown, ctx: McpContext) {
    const steps = [0, 50, 100];
    for (const [index, progress] of steps.entries()) {
      if (index > 0) await delay(50, ctx.signal);
      ctx.progress(progress, 100, `Completed step ${progress} of 100`);
    }
    const token = ctx.meta.progressToken;
    return text(token === undefined ? 'Progress test completed' : String(token));
  }

  /** Always returns a tool execution error (`isError: true`), never a JSON-RPC error. */
  @Tool({
    name: 'test_error_handling',
    description: 'Tests error response handling',
  })
  errorHandling() {
    return toolError('This tool intentionally returns an error for testing');
  }

  /** Asks the client's model to answer `prompt` and returns its text. */
  @Tool({
    name: 'test_sampling',
    description: 'Tests server-initiated sampling (LLM completion request)',
    inputSchema: { prompt: z.string().describe('The prompt to send to the LLM') },
  })
  async sampling({ prompt }: { prompt: string }, ctx: McpContext) {
    try {
      const result = await ctx.sample({
        messages: [{ role: 'user', content: { type: 'text', text: prompt } }],
        maxTokens: 100,
      });
      return text(`LLM response: ${samplingText(result.content)}`);
    } catch (error) {
      if (error instanceof McpError) return toolError(`Sampling failed: ${error.message}`);
      throw error;
    }
  }

  /** Declares a JSON Schema 2020-12 input schema and echoes its arguments. */
  @Tool({
    name: 'json_schema_2020_12_tool',
    description: 'Tool with JSON Schema 2020-12 features',
    inputSchema: JSON_SCHEMA_2020_12,
  })
  jsonSchema202012(args: Record<string, unknown>) {
    return text(`Received arguments: ${JSON.stringify(args)}`);
  }

  /** Closes the request's SSE stream mid-call; the result arrives after the client reconnects. */
  @Tool({
    name: 'test_reconnection',
    description:
      'Tests SSE stream reconnection: closes the stream mid-call, the result arrives after reconnecting',
  })
  async reconnection(_args: unknown, ctx: McpContext) {
    ctx.closeSseStream();
    await delay(100, ctx.signal);
    return text(
      'Reconnection test completed successfully. If you received this, the client properly reconnected after stream closure.',
    );
  }
}
