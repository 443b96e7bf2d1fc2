import { Injectable } from '@nestjs/common';
import type { IncomingMessage } from 'node:http';
import { z } from 'zod';
import {
  McpContext,
  Prompt,
  Tool,
  type McpSessionHandle,
  McpArgs,
  McpCtx,
  McpRequest,
  McpSession,
} from '../../../../lib/index.js';

/** Handlers that take their inputs through the MCP parameter decorators. */
@Injectable()
export class DecoratedTools {
  @Tool({
    description: 'Reports what each parameter decorator injected',
    inputSchema: { text: z.string(), times: z.number().int() },
  })
  inspect(
    @McpArgs('text') text: string,
    @McpArgs() all: { text: string; times: number },
    @McpCtx() ctx: McpContext,
    @McpSession() session: McpSessionHandle | undefined,
    @McpRequest() req: IncomingMessage,
  ) {
    const visits = ((session?.state.get('visits') as number | undefined) ?? 0) + 1;
    session?.state.set('visits', visits);
    return {
      text,
      all,
      method: ctx.method,
      sessionId: session?.id ?? null,
      visits,
      trace: req.headers['x-trace'] ?? null,
      isNodeRequest: typeof req.on === 'function' && typeof req.socket === 'object',
    };
  }

  @Prompt({ description: 'A prompt with decorated parameters', arguments: { topic: z.string() } })
  topic(@McpArgs('topic') topic: string, @McpCtx() ctx: McpContext) {
    return `Write about ${topic} (${ctx.method})`;
  }
}
