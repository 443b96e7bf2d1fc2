import { Injectable } from '@nestjs/common';
import { z } from 'zod';
import { McpContext, text, Tool } from '../../../lib/index.js';

/**
 * The conformance fixture's tools of the 2026-07-28 stateless scenarios (server-stateless,
 * SEP-2243 custom headers). They also behave under 2025-11-25 (listed, never called there).
 */
@Injectable()
export class FixtureModernTools {
  /** Asks for sampling: a client without the capability gets -32021 (2026) or -32600 (2025). */
  @Tool({
    name: 'test_missing_capability',
    description: 'Needs the sampling capability; without it the request fails with -32021',
  })
  async missingCapability(_args: unknown, ctx: McpContext) {
    const answer = await ctx.sample({
      messages: [{ role: 'user', content: { type: 'text', text: 'Say hello' } }],
      maxTokens: 10,
    });
    return text(`Sampled: ${JSON.stringify(answer.content)}`);
  }

  /** Logs at info level: sent only when the request asked for a log level. */
  @Tool({ name: 'test_logging_tool', description: 'Sends an info log message, then answers' })
  logging(_args: unknown, ctx: McpContext) {
    ctx.log('info', 'test_logging_tool ran');
    return text('Logged one info message (sent only when the request asked for a log level).');
  }

  /** Announces a tools list change (listen streams with toolsListChanged receive it). */
  @Tool({ name: 'test_trigger_tool_change', description: 'Triggers a tools/list_changed event' })
  triggerToolChange(_args: unknown, ctx: McpContext) {
    ctx.notifyListChanged('tools');
    return text('Triggered notifications/tools/list_changed');
  }

  /** Announces a prompts list change. */
  @Tool({
    name: 'test_trigger_prompt_change',
    description: 'Triggers a prompts/list_changed event',
  })
  triggerPromptChange(_args: unknown, ctx: McpContext) {
    ctx.notifyListChanged('prompts');
    return text('Triggered notifications/prompts/list_changed');
  }

  /**
   * Elicits a name: a 2025 client gets a real `elicitation/create` request, a 2026-07-28 client
   * an `input_required` result (never a server request on the response stream).
   */
  @Tool({
    name: 'test_streaming_elicitation',
    description: 'Asks the user for a name (elicitation); 2026 clients get input_required',
  })
  async streamingElicitation(_args: unknown, ctx: McpContext) {
    const answer = await ctx.elicit({
      message: 'What is your name?',
      requestedSchema: { type: 'object', properties: { name: { type: 'string' } } },
    });
    return text(`Elicitation answer: ${answer.action}`);
  }

  /** Mirrors `region` as the `Mcp-Param-Region` header (SEP-2243 `x-mcp-header`). */
  @Tool({
    name: 'test_custom_headers',
    description: 'Has a parameter mirrored into the Mcp-Param-Region header',
    inputSchema: {
      region: z
        .string()
        .meta({ 'x-mcp-header': 'Region' })
        .describe('Region, also sent as a header'),
    },
  })
  customHeaders({ region }: { region: string }) {
    return text(`Region: ${region}`);
  }
}
