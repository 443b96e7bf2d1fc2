import { createServedMethods } from '../../../../lib/server/handlers/served-methods.js';
import { CLIENT_REQUEST_METHODS } from '../../../../lib/protocol/schema/index.js';
import { TestClient, makeServer } from '../harness.js';

describe('served methods', () => {
  it('serves every session-era client request, the experimental tasks/* included', () => {
    const served = [...createServedMethods().keys()].sort();
    expect(served).toEqual([...CLIENT_REQUEST_METHODS].sort());
    expect(createServedMethods().get('tasks/get')?.capability).toBe('tasks');
  });

  it('takes the capability gate from the method table', () => {
    const served = createServedMethods();
    expect(served.get('tools/call')?.capability).toBe('tools');
    expect(served.get('ping')?.capability).toBeUndefined();
  });

  it('validates params with the method schema: -32602 naming the method and the path', async () => {
    const server = makeServer();
    server.registerTool({ name: 'x' }, () => 'x');
    server.registerPrompt({ name: 'p' }, () => 'x');
    const client = TestClient.connect(server);
    await client.initialize();
    const bad = await client.error('tools/call', { name: 5 });
    expect(bad.code).toBe(-32602);
    expect(bad.message).toMatch(/^Invalid params of tools\/call: name: /);
    const nested = await client.error('prompts/get', { name: 'p', arguments: { a: 1 } });
    expect(nested.message).toMatch(/^Invalid params of prompts\/get: arguments\.a: /);
  });

  it('treats absent optional params as {} and passes parsed params to the handler', async () => {
    const server = makeServer();
    server.registerTool({ name: 'x' }, () => 'x');
    const client = TestClient.connect(server);
    await client.initialize();
    expect(await client.result('tools/list')).toEqual({
      tools: [{ name: 'x', inputSchema: { type: 'object', properties: {} } }],
    });
    expect(await client.result('ping')).toEqual({});
  });
});
