import { Test, type TestingModule } from '@nestjs/testing';
import { createMcpTestClient, type McpClient } from 'nestjs-mcp';
import { AppModule } from './app.module';
import { API_KEY } from './auth';

describe('OrdersController#create as a tool (CommonJS, createMcpTestClient)', () => {
  let moduleRef: TestingModule;
  let client: McpClient | undefined;

  beforeAll(async () => {
    moduleRef = await Test.createTestingModule({ imports: [AppModule] }).compile();
  });
  afterEach(() => client?.close());
  afterAll(() => moduleRef.close());

  it('lists the route with its DTO as the input schema', async () => {
    client = await createMcpTestClient(moduleRef, { headers: { 'x-api-key': API_KEY } });
    const { tools } = await client.listTools();
    const tool = tools.find((t) => t.name === 'create_order');
    expect(tool?.inputSchema).toMatchObject({
      type: 'object',
      properties: { customer: { type: 'string' }, lines: { type: 'array' } },
      required: ['customer', 'lines'],
      $defs: { OrderLineDto: { required: ['sku', 'quantity'] } },
    });
  });

  it('runs the route and returns its value', async () => {
    client = await createMcpTestClient(moduleRef, { headers: { 'x-api-key': API_KEY } });
    const result = await client.callTool('create_order', {
      customer: 'ada',
      lines: [
        { sku: 'a', quantity: 2 },
        { sku: 'b', quantity: 3 },
      ],
    });
    expect(result.structuredContent).toEqual({ customer: 'ada', items: 5 });
  });

  it("refuses invalid input through the app's ValidationPipe, naming the field", async () => {
    client = await createMcpTestClient(moduleRef, { headers: { 'x-api-key': API_KEY } });
    const result = await client.callTool('create_order', {
      customer: 'ada',
      lines: [{ sku: 'a', quantity: 0 }],
    });
    expect(result.isError).toBe(true);
    expect(result.content).toEqual([
      { type: 'text', text: 'lines.0.quantity must not be less than 1' },
    ]);
  });

  it("applies the controller's guard", async () => {
    client = await createMcpTestClient(moduleRef);
    const result = await client.callTool('create_order', { customer: 'ada', lines: [] });
    expect(result).toMatchObject({ isError: true, content: [{ text: 'Forbidden resource' }] });
  });
});
