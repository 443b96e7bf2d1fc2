import { Injectable } from '@nestjs/common';
import { McpError as SdkMcpError } from '@modelcontextprotocol/sdk/types.js';
import { ElicitRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';
import { McpModule, McpServer, Tool, type McpContext } from '../../../lib/index.js';
import { CapturedLogger } from '../reliability/support/captured-logger.js';
import { bootApp, type BootedApp } from '../nest/support/nest-app.js';
import { connectClient, type TestClient } from '../support/client.js';
import {
  initializeRawSession,
  jsonBody,
  openSse,
  POST_HEADERS,
  postJson,
} from '../support/raw-http.js';

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

/**
 * Issue 24 item 2: the server-to-client requests one session waits on are capped
 * (`limits.maxPendingClientRequestsPerSession`): one more fails at once with the counted -32000
 * refusal, 429 + Retry-After while the reply is plain JSON; the waiting ones are unaffected.
 */
describe('pending server-to-client requests per session', () => {
  let booted: BootedApp;

  afterEach(() => booted?.close());

  it('refuses the third elicitation of a session capped at 2 with 429', async () => {
    const logs = new CapturedLogger();
    booted = await bootApp({
      logger: logs,
      imports: [
        McpModule.forRoot({
          name: 'asker',
          version: '1',
          requestTimeoutMs: 60_000,
          limits: { maxPendingClientRequestsPerSession: 2 },
        }),
      ],
      providers: [AskingTools],
    });
    const session = await initializeRawSession(booted.url(), '2025-11-25', {
      elicitation: { form: {} },
    });
    const ask = (id: number) => ({
      jsonrpc: '2.0',
      id,
      method: 'tools/call',
      params: { name: 'ask', arguments: { n: id } },
    });
    const open = [];
    for (const id of [1, 2]) {
      const stream = await openSse(booted.url(), {
        method: 'POST',
        headers: { ...POST_HEADERS, ...session.headers },
        body: JSON.stringify(ask(id)),
      });
      const asked = await stream.until((e) => e.data.includes('elicitation/create'));
      expect(asked).toBeDefined();
      open.push(stream);
    }

    const refused = await postJson(booted.url(), ask(3), session.headers);
    expect(refused.status).toBe(429);
    expect(refused.headers['retry-after']).toBe('1');
    expect(jsonBody(refused)).toEqual({
      jsonrpc: '2.0',
      id: 3,
      error: {
        code: -32000,
        message: 'Too many requests to the client waiting on this session (limit 2)',
        data: { limit: 'maxPendingClientRequestsPerSession', max: 2, retryAfterSeconds: 1 },
      },
    });
    expect(booted.app.get(McpServer).stats().refused.maxPendingClientRequestsPerSession).toBe(1);
    // A refusal is the client's doing: no error (nor Nest's ExceptionsHandler stack) in the log.
    expect(logs.lines.filter((l) => l.level === 'error')).toEqual([]);
    for (const stream of open) stream.abort();
  });
});
