import { PassportModule } from '@nestjs/passport';
import { Test, type TestingModule } from '@nestjs/testing';
import { createMcpTestClient, McpModule, type McpClient } from '../../../lib/index.js';
import { firstText } from './support/clients.js';
import { AccountTools, JwtStrategy, REST_API_KEY, signJwt } from './support/rest-auth.js';

/** createMcpTestClient: guarded tools tested in a @nestjs/testing module, no sockets. */
describe('createMcpTestClient', () => {
  let moduleRef: TestingModule;
  const clients: McpClient[] = [];
  const client = async (options: Parameters<typeof createMcpTestClient>[1] = {}) => {
    const created = await createMcpTestClient(moduleRef, options);
    clients.push(created);
    return created;
  };

  beforeAll(async () => {
    moduleRef = await Test.createTestingModule({
      imports: [PassportModule, McpModule.forRoot({ name: 'kit', version: '1.0.0', http: false })],
      providers: [JwtStrategy, AccountTools],
    }).compile();
  });
  afterEach(async () => {
    await Promise.all(clients.splice(0).map((c) => c.close()));
  });
  afterAll(() => moduleRef.close());

  it('initializes the module and lists its tools', async () => {
    const kit = await client();
    const { tools } = await kit.listTools();
    expect(tools.map((t) => t.name).sort()).toEqual(['greet', 'keyed_echo', 'whoami']);
  });

  it('carries headers to the guards: passport-jwt reads the bearer token', async () => {
    const kit = await client({ headers: { Authorization: `Bearer ${signJwt('ada')}` } });
    expect(firstText(await kit.callTool('whoami', {}))).toBe('user ada');
    const anonymous = await client();
    expect(await anonymous.callTool('whoami', {})).toMatchObject({
      isError: true,
      content: [{ type: 'text', text: 'Unauthorized' }],
    });
  });

  it('carries a REST guard’s header', async () => {
    const kit = await client({ headers: { 'x-api-key': REST_API_KEY } });
    expect(firstText(await kit.callTool('keyed_echo', { text: 'k' }))).toBe('keyed: k');
  });

  it('puts `user` on the request, fresh per call (what a guard set does not leak)', async () => {
    const preset = await client({ user: { id: 'grace' } });
    expect(firstText(await preset.callTool('greet', {}))).toBe('hello grace');
    const bearer = await client({ headers: { authorization: `Bearer ${signJwt('ada')}` } });
    expect(firstText(await bearer.callTool('whoami', {}))).toBe('user ada');
    expect(firstText(await bearer.callTool('greet', {}))).toBe('hello stranger');
  });

  it('speaks either era (2026-07-28 by default, 2025 sessions when asked)', async () => {
    expect((await client()).era).toBe('modern');
    const legacy = await client({ client: { versionNegotiation: 'legacy' }, user: { id: 'l' } });
    expect(legacy.era).toBe('legacy');
    expect(firstText(await legacy.callTool('greet', {}))).toBe('hello l');
  });
});
