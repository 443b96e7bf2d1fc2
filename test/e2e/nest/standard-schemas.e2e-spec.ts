import 'reflect-metadata';
import { Injectable } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { type } from 'arktype';
import * as v from 'valibot';
import { toStandardJsonSchema } from '@valibot/to-json-schema';
import { McpModule, Tool } from '../../../lib/index.js';
import { connectClient, type TestClient } from '../support/client.js';

const Booking = toStandardJsonSchema(
  v.object({ guest: v.pipe(v.string(), v.minLength(2)), nights: v.number() }),
);

@Injectable()
class SchemaTools {
  @Tool({ description: 'arktype input', inputSchema: type({ city: 'string', 'days?': 'number' }) })
  forecast({ city, days }: { city: string; days?: number }) {
    return `${city} for ${days ?? 1} day(s)`;
  }

  @Tool({
    description: 'valibot input and output',
    inputSchema: Booking,
    outputSchema: toStandardJsonSchema(v.object({ total: v.number() })),
  })
  book({ nights }: { guest: string; nights: number }) {
    return { total: nights * 100 };
  }
}

@Injectable()
class PlainValibotTools {
  // A type error too (no ~standard.jsonSchema); the cast stands for a JavaScript caller.
  @Tool({ inputSchema: v.object({ city: v.string() }) as never })
  plain() {
    return 'never listed';
  }
}

async function boot(provider: new () => unknown) {
  const moduleRef = await Test.createTestingModule({
    imports: [McpModule.forRoot({ name: 'schemas', version: '1.0.0' })],
    providers: [provider],
  }).compile();
  const app = moduleRef.createNestApplication({ logger: false });
  await app.listen(0, '127.0.0.1');
  const { port } = (app.getHttpServer() as Server).address() as AddressInfo;
  return { app, url: new URL(`http://127.0.0.1:${port}/mcp`) };
}

describe('Standard Schema tools (arktype, valibot) over Streamable HTTP', () => {
  let app: Awaited<ReturnType<typeof boot>>['app'];
  let peer: TestClient;

  beforeAll(async () => {
    const booted = await boot(SchemaTools);
    app = booted.app;
    peer = await connectClient(booted.url);
  });

  afterAll(async () => {
    await peer?.close();
    await app.close();
  });

  it("lists each tool with the JSON Schema of the schema's own converter", async () => {
    const { tools } = await peer.client.listTools();
    const byName = Object.fromEntries(tools.map((t) => [t.name, t]));
    expect(byName.forecast.inputSchema).toEqual({
      $schema: 'https://json-schema.org/draft/2020-12/schema',
      type: 'object',
      properties: { city: { type: 'string' }, days: { type: 'number' } },
      required: ['city'],
    });
    expect(byName.book.inputSchema).toMatchObject({
      type: 'object',
      properties: { guest: { type: 'string', minLength: 2 }, nights: { type: 'number' } },
      required: ['guest', 'nights'],
    });
    expect(byName.book.outputSchema).toMatchObject({ type: 'object', required: ['total'] });
  });

  it('calls a tool with valid arguments (arktype)', async () => {
    const result = await peer.client.callTool({ name: 'forecast', arguments: { city: 'Oslo' } });
    expect(result).toEqual({ content: [{ type: 'text', text: 'Oslo for 1 day(s)' }] });
  });

  it('calls a tool with valid arguments and structured output (valibot)', async () => {
    const result = await peer.client.callTool({
      name: 'book',
      arguments: { guest: 'Ada', nights: 2 },
    });
    expect(result.structuredContent).toEqual({ total: 200 });
    expect(result.isError).toBeUndefined();
  });

  it('answers invalid arguments with an isError result naming the field (arktype)', async () => {
    const result = await peer.client.callTool({ name: 'forecast', arguments: { city: 3 } });
    expect(result.isError).toBe(true);
    expect((result.content as { text: string }[])[0].text).toMatch(
      /^Invalid arguments for tool "forecast": city: /,
    );
  });

  it('answers invalid arguments with an isError result naming the field (valibot)', async () => {
    const result = await peer.client.callTool({
      name: 'book',
      arguments: { guest: 'A', nights: 1 },
    });
    expect(result.isError).toBe(true);
    expect((result.content as { text: string }[])[0].text).toMatch(
      /^Invalid arguments for tool "book": guest: /,
    );
  });
});

describe('a Standard Schema without JSON Schema support', () => {
  it('fails the bootstrap with an error naming the tool and the fix', async () => {
    await expect(boot(PlainValibotTools)).rejects.toThrow(
      /PlainValibotTools#plain: the valibot schema is a Standard Schema without JSON Schema support.*toStandardJsonSchema\(\) from @valibot\/to-json-schema/,
    );
  });
});
