import 'reflect-metadata';
import { ValidationPipe } from '@nestjs/common';
import { McpModule } from '../../../lib/index.js';
import {
  connectOwn,
  connectSdk,
  firstText,
  type OwnPeer,
  type SdkPeer,
} from './support/clients.js';
import { bootApp, type BootedApp } from './support/nest-app.js';
import { PLATFORMS, type Platform } from './support/platforms.js';
import { ROUTE_API_KEY, UsersController } from './support/route-tools.app.js';

const VALID = {
  name: 'Ada',
  age: 36,
  role: 'admin',
  address: { city: 'London' },
  tags: [{ label: 'math' }],
};

function boot(platform: Platform): Promise<BootedApp> {
  return bootApp({
    platform,
    imports: [
      McpModule.forRoot({
        name: 'routes',
        version: '1.0.0',
        routeTools: [{ controller: UsersController, method: 'list', description: 'Lists users' }],
      }),
    ],
    controllers: [UsersController],
    // The app's global ValidationPipe: route tools run it as the routes do.
    configure: (app) =>
      app.useGlobalPipes(
        new ValidationPipe({ whitelist: true, forbidNonWhitelisted: true, transform: true }),
      ),
  });
}

describe.each(PLATFORMS)('controller routes as tools over Streamable HTTP (%s)', (platform) => {
  let app: BootedApp;
  let url: URL;
  let sdk: SdkPeer;
  let own: OwnPeer;

  beforeAll(async () => {
    app = await boot(platform);
    url = app.url();
    sdk = await connectSdk(url, { 'x-api-key': ROUTE_API_KEY });
    own = await connectOwn(url, { 'x-api-key': ROUTE_API_KEY });
  });

  afterAll(async () => {
    await sdk.close();
    await own.close();
    await app.close();
  });

  it('lists the body DTO as the input schema: nested and array DTOs, enums, bounds, swagger docs', async () => {
    const { tools } = await sdk.client.listTools();
    const create = tools.find((t) => t.name === 'create');
    expect(create?.description).toBe('Creates a user');
    expect(create?.inputSchema).toEqual({
      type: 'object',
      properties: {
        name: {
          type: 'string',
          minLength: 2,
          description: 'Full name',
          examples: ['Ada Lovelace'],
        },
        age: { type: 'integer', minimum: 0, maximum: 150 },
        role: { type: 'string', enum: ['admin', 'member'], description: 'What the user may do' },
        email: { type: 'string', format: 'email' },
        address: { $ref: '#/$defs/AddressDto' },
        tags: { type: 'array', items: { $ref: '#/$defs/TagDto' } },
      },
      required: ['name', 'age', 'role', 'address', 'tags'],
      $defs: {
        AddressDto: {
          type: 'object',
          properties: {
            city: { type: 'string', description: 'City name', examples: ['Oslo'] },
            zip: { type: 'string' },
          },
          required: ['city'],
        },
        TagDto: {
          type: 'object',
          properties: { label: { type: 'string', minLength: 1, maxLength: 20 } },
          required: ['label'],
        },
      },
    });
  });

  it('lists path and query parameters as flat arguments, described by @ApiOperation', async () => {
    const { tools } = await sdk.client.listTools();
    const find = tools.find((t) => t.name === 'find_user');
    expect(find?.description).toBe('Finds a user by id');
    expect(find?.inputSchema).toEqual({
      type: 'object',
      properties: { id: { type: 'number' }, limit: { type: 'integer', minimum: 1 } },
      required: ['id'],
    });
    const list = tools.find((t) => t.name === 'list');
    expect(list?.description).toBe('Lists users');
    expect(list?.inputSchema).toEqual({ type: 'object', properties: { q: { type: 'string' } } });
  });

  it('runs the route with its guard, DTO instance, req.user and interceptor; structured result', async () => {
    const result = await sdk.client.callTool({ name: 'create', arguments: VALID });
    const expected = {
      instance: true,
      name: 'Ada',
      city: 'London',
      tags: ['math'],
      by: 'key-holder',
      stamped: true,
    };
    expect(result.isError).toBeUndefined();
    expect(result.structuredContent).toEqual(expected);
    expect(JSON.parse(firstText(result))).toEqual(expected);
  });

  it('serves the same route over HTTP unchanged', async () => {
    const response = await fetch(new URL('/users', url), {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-api-key': ROUTE_API_KEY },
      body: JSON.stringify(VALID),
    });
    expect(response.status).toBe(201);
    expect(await response.json()).toMatchObject({
      instance: true,
      by: 'key-holder',
      stamped: true,
    });
  });

  it('maps path and query arguments through the route pipes (ParseIntPipe, @Type)', async () => {
    const result = await own.client.callTool('find_user', { id: '7', limit: 3 });
    expect(result.structuredContent).toEqual({ id: 7, limit: 3, stamped: true });
    const plain = await own.client.callTool('list', { q: 'ada' });
    expect(plain.structuredContent).toEqual({ q: 'ada', stamped: true });
  });

  it('refuses wrong-typed arguments with the ValidationPipe message naming each field', async () => {
    const result = await sdk.client.callTool({
      name: 'create',
      arguments: { ...VALID, name: 42, age: 'old' },
    });
    expect(result.isError).toBe(true);
    const text = firstText(result);
    expect(text).toContain('name must be a string');
    expect(text).toContain('age must be an integer number');
  });

  it('refuses invalid nested and array fields, naming their paths (McpClient)', async () => {
    const result = await own.client.callTool('create', {
      ...VALID,
      address: { city: 5 },
      tags: [{ label: '' }],
    });
    expect(result.isError).toBe(true);
    const text = firstText(result);
    expect(text).toContain('address.city must be a string');
    expect(text).toContain('tags.0.label must be longer than or equal to 1 characters');
  });

  it('refuses an argument the DTO does not declare (forbidNonWhitelisted)', async () => {
    const result = await sdk.client.callTool({
      name: 'create',
      arguments: { ...VALID, admin: true },
    });
    expect(result.isError).toBe(true);
    expect(firstText(result)).toBe('property admin should not exist');
  });

  it('refuses a path parameter its pipe rejects, and maps a thrown 404', async () => {
    const bad = await sdk.client.callTool({ name: 'find_user', arguments: { id: 'abc' } });
    expect(bad.isError).toBe(true);
    expect(firstText(bad)).toContain('numeric string is expected');
    const missing = await sdk.client.callTool({ name: 'find_user', arguments: { id: 404 } });
    expect(missing).toEqual({
      content: [{ type: 'text', text: 'user 404 not found' }],
      isError: true,
    });
  });

  it("denies a caller the route's guard refuses: isError, the route never runs", async () => {
    const anonymous = await connectSdk(url);
    try {
      const result = await anonymous.client.callTool({ name: 'create', arguments: VALID });
      expect(result).toEqual({
        content: [{ type: 'text', text: 'Forbidden resource' }],
        isError: true,
      });
    } finally {
      await anonymous.close();
    }
  });

  it('maps a guard that throws as the guard error mapping says', async () => {
    const result = await sdk.client.callTool({ name: 'expired', arguments: {} });
    expect(result).toEqual({ content: [{ type: 'text', text: 'session expired' }], isError: true });
  });
});

describe('route tools with hideDeniedFromLists', () => {
  let app: BootedApp;

  beforeAll(async () => {
    app = await bootApp({
      imports: [McpModule.forRoot({ name: 'routes', version: '1.0.0', hideDeniedFromLists: true })],
      controllers: [UsersController],
    });
  });
  afterAll(() => app.close());

  it('leaves a route out of tools/list for a caller its guard denies, and only for that caller', async () => {
    const anonymous = await connectSdk(app.url());
    const holder = await connectSdk(app.url(), { 'x-api-key': ROUTE_API_KEY });
    try {
      const hidden = (await anonymous.client.listTools()).tools.map((t) => t.name);
      expect(hidden).toEqual(['find_user']);
      const shown = (await holder.client.listTools()).tools.map((t) => t.name).sort();
      expect(shown).toEqual(['create', 'find_user']);
    } finally {
      await anonymous.close();
      await holder.close();
    }
  });
});
