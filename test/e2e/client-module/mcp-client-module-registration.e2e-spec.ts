import 'reflect-metadata';
import { Injectable, Module, type INestApplicationContext } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import { z } from 'zod';
import {
  InjectMcpClient,
  InMemoryClientTransport,
  McpClient,
  McpClientModule,
  McpModule,
  McpServer,
  Tool,
  type McpClientModuleOptions,
  type McpClientOptionsFactory,
} from '../../../lib/index.js';

@Injectable()
class EchoTools {
  @Tool({ description: 'Echoes a word', inputSchema: { word: z.string() } })
  echo({ word }: { word: string }) {
    return { word };
  }
}

/** Builds options from an injected provider (used with `useClass`). */
@Injectable()
class ClassOptions implements McpClientOptionsFactory {
  constructor(private readonly server: McpServer) {}

  createMcpClientOptions(): McpClientModuleOptions {
    return { transport: () => new InMemoryClientTransport(this.server.core) };
  }
}

/** An options factory that lives in another module (used with `useExisting`). */
@Injectable()
class SharedOptions implements McpClientOptionsFactory {
  calls = 0;

  constructor(private readonly server: McpServer) {}

  createMcpClientOptions(): McpClientModuleOptions {
    this.calls++;
    return { transport: () => new InMemoryClientTransport(this.server.core), lazyConnect: true };
  }
}

@Module({ providers: [SharedOptions], exports: [SharedOptions] })
class SharedOptionsModule {}

/** Registers a global client; nothing else in the app imports McpClientModule for it. */
@Module({
  imports: [
    McpClientModule.registerAsync({
      name: 'everywhere',
      isGlobal: true,
      inject: [McpServer],
      useFactory: (server: McpServer) => ({
        transport: () => new InMemoryClientTransport(server.core),
      }),
    }),
  ],
})
class GlobalClientModule {}

/** A sibling of GlobalClientModule that injects its client without importing it. */
@Injectable()
class GlobalConsumer {
  constructor(@InjectMcpClient('everywhere') readonly client: McpClient) {}
}

@Module({ providers: [GlobalConsumer] })
class ConsumerModule {}

@Injectable()
class Clients {
  constructor(
    @InjectMcpClient('by-class') readonly byClass: McpClient,
    @InjectMcpClient('by-existing') readonly byExisting: McpClient,
    readonly byType: McpClient,
  ) {}
}

describe('McpClientModule registrations (ConfigurableModuleBuilder)', () => {
  let app: INestApplicationContext;
  let clients: Clients;

  beforeAll(async () => {
    const moduleRef = await Test.createTestingModule({
      imports: [
        McpModule.forRoot({ name: 'echo-server', version: '1.0.0', http: false, isGlobal: true }),
        McpClientModule.registerAsync({ name: 'by-class', useClass: ClassOptions }),
        McpClientModule.registerAsync({
          name: 'by-existing',
          imports: [SharedOptionsModule],
          useExisting: SharedOptions,
        }),
        McpClientModule.registerAsync({
          inject: [McpServer],
          useFactory: (server: McpServer) => ({
            transport: () => new InMemoryClientTransport(server.core),
          }),
        }),
        GlobalClientModule,
        ConsumerModule,
      ],
      providers: [EchoTools, Clients],
    }).compile();
    app = await moduleRef.init();
    clients = app.get(Clients);
  });

  afterAll(async () => {
    await app.close();
  });

  it('builds a client from a useClass options factory', async () => {
    expect(clients.byClass.currentState).toBe('ready');
    const result = await clients.byClass.callTool<{ word: string }>('echo', { word: 'class' });
    expect(result.structuredContent?.word).toBe('class');
  });

  it('builds a client from an existing options factory of another module', async () => {
    expect(clients.byExisting.currentState).toBe('idle');
    expect(app.select(SharedOptionsModule).get(SharedOptions).calls).toBe(1);
    const tools = await clients.byExisting.listAllTools();
    expect(tools.map((tool) => tool.name)).toEqual(['echo']);
  });

  it('injects the default client by its class, apart from the named ones', () => {
    expect(clients.byType).toBeInstanceOf(McpClient);
    expect(clients.byType.currentState).toBe('ready');
    expect(clients.byType).not.toBe(clients.byClass);
    expect(clients.byType).not.toBe(clients.byExisting);
  });

  it('makes an isGlobal client injectable in modules that do not import it', async () => {
    const consumer = app.select(ConsumerModule).get(GlobalConsumer);
    expect(consumer.client.currentState).toBe('ready');
    await expect(consumer.client.ping()).resolves.toBeUndefined();
  });

  it('keeps a client without isGlobal out of modules that do not import it', async () => {
    @Module({
      imports: [McpClientModule.register({ name: 'private', transport: unusedTransport })],
    })
    class PrivateClientModule {}
    @Injectable()
    class PrivateConsumer {
      constructor(@InjectMcpClient('private') readonly client: McpClient) {}
    }
    @Module({ providers: [PrivateConsumer] })
    class OutsiderModule {}
    const compiling = Test.createTestingModule({
      imports: [PrivateClientModule, OutsiderModule],
    }).compile();
    await expect(compiling).rejects.toThrow(/nestjs-mcp:McpClient:private/);
  });
});

function unusedTransport(): never {
  throw new Error('not connected in this test');
}
