import { filter, firstValueFrom, timeout } from 'rxjs';
import { McpClient } from '../../../../lib/client/mcp-client.js';
import { McpError } from '../../../../lib/errors/mcp.error.js';
import { ErrorCode } from '../../../../lib/protocol/error-codes.js';
import type { JsonRpcRequest } from '../../../../lib/protocol/json-rpc.js';
import { McpServer } from '../../../../lib/server/mcp-server.js';
import type { InMemoryAdmission } from '../../../../lib/transports/in-memory/in-memory-admission.js';
import { InMemoryClientTransport } from '../../../../lib/transports/in-memory/in-memory-client.transport.js';
import { HttpRefusal } from '../../../../lib/transports/shared/http/http-refusal.js';

/** A server whose `who` tool answers with the request-like object it got. */
function serverWithTools(ran: string[]) {
  const errors: string[] = [];
  const logger = { error: (m: string) => errors.push(m), warn: () => undefined };
  const server = new McpServer({ name: 'in-memory', version: '1', logger });
  for (const name of ['first', 'second', 'who']) {
    server.registerTool({ name }, (_args, ctx) => {
      ran.push(name);
      const { request, raw } = ctx.transport;
      return { request: request as object, sameAsRaw: request === raw };
    });
  }
  return { server, errors };
}

async function connected(server: McpServer, admission: InMemoryAdmission, legacy = false) {
  const client = new McpClient({
    transport: new InMemoryClientTransport(server.core, { headers: { 'X-Key': 'k' } }, admission),
    ...(legacy && { versionNegotiation: 'legacy' as const }),
  });
  await client.connect();
  return client;
}

const toolName = (request: JsonRpcRequest) =>
  (request.params as { name?: string } | undefined)?.name;

describe('InMemoryClientTransport admission', () => {
  const clients: McpClient[] = [];
  afterEach(async () => {
    await Promise.all(clients.splice(0).map((c) => c.close()));
  });

  it('answers a refused request with the HTTP refusal as a JSON-RPC error; the request never runs', async () => {
    const ran: string[] = [];
    const { server } = serverWithTools(ran);
    const challenge = { 'www-authenticate': 'Bearer error="insufficient_scope"' };
    const client = await connected(server, {
      authorize: (_request, [request]) => {
        if (toolName(request!) === 'first') {
          throw new HttpRefusal(
            403,
            ErrorCode.InvalidRequest,
            'Insufficient',
            request!.id,
            challenge,
          );
        }
      },
    });
    clients.push(client);
    const error = await client.callTool('first', {}).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(McpError);
    expect(error).toMatchObject({
      code: ErrorCode.InvalidRequest,
      message: 'Insufficient',
      data: { status: 403, headers: challenge },
    });
    expect(ran).toEqual([]);
  });

  it('answers a check that throws anything else with -32603 and its correlation id, logged', async () => {
    const ran: string[] = [];
    const { server, errors } = serverWithTools(ran);
    const client = await connected(server, {
      authorize: (_request, [request]) => {
        if (toolName(request!) === 'first') throw new Error('verifier exploded');
      },
    });
    clients.push(client);
    const error = (await client.callTool('first', {}).catch((e: unknown) => e)) as McpError;
    expect(error.code).toBe(ErrorCode.InternalError);
    const { correlationId } = error.data as { correlationId: string };
    expect(errors.some((line) => line.includes(correlationId))).toBe(true);
    expect(ran).toEqual([]);
  });

  it('delivers checked messages in the order they were sent, a slow check holding the next', async () => {
    const ran: string[] = [];
    const { server } = serverWithTools(ran);
    const client = await connected(server, {
      authorize: async (_request, [request]) => {
        if (toolName(request!) === 'first') await new Promise((r) => setTimeout(r, 20));
      },
    });
    clients.push(client);
    await Promise.all([client.callTool('first', {}), client.callTool('second', {})]);
    expect(ran).toEqual(['first', 'second']);
  });

  it('prepares a fresh request per message, also given as raw', async () => {
    const ran: string[] = [];
    const { server } = serverWithTools(ran);
    let prepared = 0;
    const client = await connected(server, {
      prepare: (request) => Object.assign(request, { auth: { n: ++prepared } }),
    });
    clients.push(client);
    const first = (await client.callTool('who', {})).structuredContent;
    const second = (await client.callTool('who', {})).structuredContent;
    expect(first).toEqual({
      request: { headers: { 'x-key': 'k' }, auth: { n: expect.any(Number) } },
      sameAsRaw: true,
    });
    expect(second).not.toEqual(first);
  });

  it('binds the session to the principal: a broadcast to it reaches only that session', async () => {
    const { server } = serverWithTools([]);
    const ada = await connected(server, { principal: 'sub:ada' }, true);
    const bob = await connected(server, { principal: 'sub:bob' }, true);
    clients.push(ada, bob);
    const seenByBob: string[] = [];
    bob.notifications$.subscribe((n) => seenByBob.push(n.method));
    const next = (client: McpClient, method: string) =>
      firstValueFrom(
        client.notifications$.pipe(
          filter((n) => n.method === method),
          timeout({ first: 5_000 }),
        ),
      );
    const toAda = next(ada, 'acme/for-ada');
    const toAll = next(bob, 'acme/for-all');
    server.sendNotification('acme/for-ada', {}, { principal: 'sub:ada' });
    server.sendNotification('acme/for-all', {});
    await Promise.all([toAda, toAll]);
    expect(seenByBob).not.toContain('acme/for-ada');
  });
});
