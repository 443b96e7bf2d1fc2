import { Injectable } from '@nestjs/common';
import { McpError as SdkMcpError } from '@modelcontextprotocol/sdk/types.js';
import { ElicitRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';
import { McpModule, McpServer, Tool, type McpContext } from '../../../lib/index.js';
import { CapturedLogger } from '../reliability/support/captured-logger.js';
import { bootApp, type BootedApp } from '../nest/support/nest-app.js';
import { connectClient, type TestClient } from '../support/client.js';

@Injectable()
class AskingTools {
  @Tool({
    description: 'Asks the user and lets any failure through',
    inputSchema: { n: z.number() },
  })
  async ask(_args: { n: number }, ctx: McpContext) {
    const answer = await ctx.elicit({
      message: 'Your name?',
      requestedSchema: { type: 'object', properties: { name: { type: 'string' } } },
    });
    return `answered ${answer.action}`;
  }

  @Tool({ description: 'Answers at once' })
  ping() {
    return 'pong';
  }
}

/**
 * Issue 24 item 3: a server-to-client request the client never answers ends the call with an
 * error saying the client did not answer (not -32603 Internal error), logged at warn without a
 * stack, rate-limited, and Nest's exception handler does not log it as an error either.
 */
describe('an unanswered elicitation', () => {
  let booted: BootedApp;
  let logger: CapturedLogger;
  let peer: TestClient;
  const held: Array<() => void> = [];

  beforeEach(async () => {
    logger = new CapturedLogger();
    booted = await bootApp({
      logger,
      imports: [McpModule.forRoot({ name: 'asker', version: '1', requestTimeoutMs: 300 })],
      providers: [AskingTools],
    });
    peer = await connectClient(booted.url(), {
      capabilities: { elicitation: { form: {} } },
      // A client that takes the request and does not answer it (released after the test).
      setup: (client) =>
        client.setRequestHandler(
          ElicitRequestSchema,
          () => new Promise((resolve) => held.push(() => resolve({ action: 'cancel' }))),
        ),
    });
  });

  afterEach(async () => {
    for (const release of held.splice(0)) release();
    await peer?.close();
    await booted?.close();
  });

  it('ends the call with "the client did not answer", warn without stack, rate-limited', async () => {
    const calls = Array.from({ length: 14 }, (_, n) =>
      peer.client.callTool({ name: 'ask', arguments: { n } }).then(
        () => undefined,
        (error: unknown) => error,
      ),
    );
    const errors = await Promise.all(calls);
    for (const error of errors) {
      expect(error).toBeInstanceOf(SdkMcpError);
      expect(error).toMatchObject({
        code: -32003,
        message: 'MCP error -32003: The client did not answer elicitation/create within 300 ms',
        data: { method: 'elicitation/create', timeoutMs: 300 },
      });
    }

    // The server still serves the session.
    expect(await peer.client.callTool({ name: 'ping', arguments: {} })).toMatchObject({
      content: [{ type: 'text', text: 'pong' }],
    });

    expect(logger.lines.filter((l) => l.level === 'error' || l.level === 'fatal')).toEqual([]);
    const warned = logger.lines.filter((l) => l.message.includes('did not answer'));
    expect(warned.length).toBeGreaterThan(0);
    expect(warned.length).toBeLessThanOrEqual(10); // one budget of the rate-limited log
    for (const line of warned) {
      expect(line).toMatchObject({ level: 'warn', trace: undefined });
      expect(line.message).not.toMatch(/\n\s+at /);
    }
    expect(booted.app.get(McpServer).stats().inFlight).toBe(0);
  });
});
