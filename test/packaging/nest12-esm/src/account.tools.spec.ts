import { Test, type TestingModule } from '@nestjs/testing';
import { createMcpTestClient, type McpClient } from 'nestjs-mcp';
import { AppModule } from './app.module.js';
import { API_KEY } from './auth.js';
import { testJwt as jwt } from './test-jwt.js';

describe('AccountTools through createMcpTestClient (no sockets)', () => {
  let moduleRef: TestingModule;
  let client: McpClient | undefined;

  beforeAll(async () => {
    moduleRef = await Test.createTestingModule({ imports: [AppModule] }).compile();
  });
  afterEach(() => client?.close());
  afterAll(() => moduleRef.close());

  it('passport-jwt lets the bearer of a valid token in', async () => {
    client = await createMcpTestClient(moduleRef, {
      headers: { authorization: `Bearer ${jwt('ada')}` },
    });
    const result = await client.callTool('whoami', {});
    expect(result.content).toEqual([{ type: 'text', text: 'user ada' }]);
  });

  it('passport-jwt refuses a caller without a token', async () => {
    client = await createMcpTestClient(moduleRef);
    const result = await client.callTool('whoami', {});
    expect(result).toMatchObject({
      isError: true,
      content: [{ type: 'text', text: 'Unauthorized' }],
    });
  });

  it('the REST API-key guard reads the headers', async () => {
    client = await createMcpTestClient(moduleRef, { headers: { 'x-api-key': API_KEY } });
    expect((await client.callTool('vault', {})).content).toEqual([
      { type: 'text', text: 'the vault' },
    ]);
    await client.close();
    client = await createMcpTestClient(moduleRef);
    expect((await client.callTool('vault', {})).isError).toBe(true);
  });
});
