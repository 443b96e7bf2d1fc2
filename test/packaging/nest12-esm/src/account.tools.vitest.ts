import { Test, type TestingModule } from '@nestjs/testing';
import { Injectable } from '@nestjs/common';
import { createMcpTestClient, McpModule, McpServer, Tool, type McpClient } from 'nestjs-mcp';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { AppModule } from './app.module.js';
import { API_KEY } from './auth.js';
import { testJwt as jwt } from './test-jwt.js';

describe('AccountTools through createMcpTestClient under vitest (no sockets)', () => {
  let moduleRef: TestingModule;
  let client: McpClient | undefined;

  beforeAll(async () => {
    moduleRef = await Test.createTestingModule({ imports: [AppModule] }).compile();
  });
  afterEach(() => client?.close());
  afterAll(() => moduleRef.close());

  it('resolves the module through Nest DI (decorator metadata from SWC)', () => {
    expect(moduleRef.get(McpServer)).toBeInstanceOf(McpServer);
  });

  it('passport-jwt lets the bearer of a valid token in', async () => {
    client = await createMcpTestClient(moduleRef, {
      headers: { authorization: `Bearer ${jwt('ada')}` },
    });
    const result = await client.callTool('whoami', {});
    expect(result.content).toEqual([{ type: 'text', text: 'user ada' }]);
  });

  it('passport-jwt refuses a caller without a token', async () => {
    client = await createMcpTestClient(moduleRef);
    expect(await client.callTool('whoami', {})).toMatchObject({
      isError: true,
      content: [{ type: 'text', text: 'Unauthorized' }],
    });
  });

  it('the REST API-key guard reads the headers', async () => {
    client = await createMcpTestClient(moduleRef, { headers: { 'x-api-key': API_KEY } });
    expect((await client.callTool('vault', {})).content).toEqual([
      { type: 'text', text: 'the vault' },
    ]);
  });
});

@Injectable()
class Clock {
  now() {
    return 'noon';
  }
}

/** Constructor injection: Nest needs the parameter types that decorator metadata records. */
@Injectable()
class TimeTools {
  constructor(private readonly clock: Clock) {}

  @Tool({ description: 'The time' })
  time() {
    return this.clock.now();
  }
}

describe('a tool with an injected service under vitest', () => {
  it('gets its dependency injected', async () => {
    const moduleRef = await Test.createTestingModule({
      imports: [McpModule.forRoot({ name: 'vitest', version: '1.0.0' })],
      providers: [Clock, TimeTools],
    }).compile();
    const client = await createMcpTestClient(moduleRef);
    try {
      expect((await client.callTool('time', {})).content).toEqual([{ type: 'text', text: 'noon' }]);
    } finally {
      await client.close();
      await moduleRef.close();
    }
  });
});
