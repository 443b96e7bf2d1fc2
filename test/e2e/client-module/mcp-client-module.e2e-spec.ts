import 'reflect-metadata';
import { Injectable, type INestApplicationContext } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import { firstValueFrom, take, toArray } from 'rxjs';
import { z } from 'zod';
import {
  InjectMcpClient,
  InMemoryClientTransport,
  McpClient,
  McpClientModule,
  McpContext,
  McpModule,
  McpServer,
  Tool,
} from '../../../lib/index.js';

@Injectable()
class LocalTools {
  @Tool({ description: 'Doubles a number', inputSchema: { n: z.number() } })
  double({ n }: { n: number }) {
    return { doubled: n * 2 };
  }

  @Tool({ description: 'Reports progress three times' })
  async steps(_args: unknown, ctx: McpContext) {
    for (let i = 1; i <= 3; i++) ctx.progress(i, 3);
    ctx.log('warning', 'done stepping');
    return 'stepped';
  }
}

@Injectable()
class Consumer {
  constructor(
    @InjectMcpClient('local') readonly local: McpClient,
    @InjectMcpClient('lazy') readonly lazy: McpClient,
  ) {}
}

describe('McpClientModule', () => {
  let app: INestApplicationContext;
  let consumer: Consumer;

  beforeAll(async () => {
    const inMemory = (server: McpServer) => ({
      transport: () => new InMemoryClientTransport(server.core),
      // 2026-07-28: log messages only come for requests that carry a log level.
      logLevel: 'debug' as const,
    });
    const moduleRef = await Test.createTestingModule({
      imports: [
        McpModule.forRoot({ name: 'local-server', version: '1.0.0', http: false, isGlobal: true }),
        McpClientModule.registerAsync([
          { name: 'local', inject: [McpServer], useFactory: inMemory },
          {
            name: 'lazy',
            inject: [McpServer],
            useFactory: (server: McpServer) => ({ ...inMemory(server), lazyConnect: true }),
          },
        ]),
      ],
      providers: [LocalTools, Consumer],
    }).compile();
    app = await moduleRef.init();
    consumer = app.get(Consumer);
  });

  afterAll(async () => {
    await app.close();
  });

  it('connects named clients at module init and leaves lazy ones idle', () => {
    expect(consumer.local.currentState).toBe('ready');
    expect(consumer.local.serverInfo?.name).toBe('local-server');
    expect(consumer.lazy.currentState).toBe('idle');
  });

  it('calls tools through an injected client', async () => {
    const result = await consumer.local.callTool('double', { n: 21 });
    expect(result.structuredContent).toEqual({ doubled: 42 });
  });

  it('connects a lazy client on first use', async () => {
    const tools = await consumer.lazy.listAllTools();
    expect(tools.map((t) => t.name).sort()).toEqual(['double', 'steps']);
    expect(consumer.lazy.currentState).toBe('ready');
  });

  it('streams progress and logs', async () => {
    const logs = firstValueFrom(consumer.local.logs$.pipe(take(1)));
    const events = await firstValueFrom(consumer.local.callTool$('steps').pipe(toArray()));
    expect(events.map((e) => e.type)).toEqual(['progress', 'progress', 'progress', 'result']);
    expect(await logs).toMatchObject({ level: 'warning', data: 'done stepping' });
  });

  it('closes its clients when the application shuts down', async () => {
    const moduleRef = await Test.createTestingModule({
      imports: [
        McpModule.forRoot({ name: 'other', version: '1.0.0', http: false, isGlobal: true }),
        McpClientModule.registerAsync({
          inject: [McpServer],
          useFactory: (server: McpServer) => ({
            transport: () => new InMemoryClientTransport(server.core),
          }),
        }),
      ],
    }).compile();
    const other = await moduleRef.init();
    const client = other.get(McpClient);
    expect(client.currentState).toBe('ready');
    await other.close();
    expect(client.currentState).toBe('closed');
  });
});
