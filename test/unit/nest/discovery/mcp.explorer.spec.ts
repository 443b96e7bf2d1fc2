import 'reflect-metadata';
import { Injectable, Logger, Scope, type Provider } from '@nestjs/common';
import { Test, type TestingModule } from '@nestjs/testing';
import { z } from 'zod';
import {
  Prompt,
  Resource,
  ResourceTemplate,
  Tool,
} from '../../../../lib/nest/decorators/mcp-primitives.decorator.js';
import { McpModule } from '../../../../lib/nest/mcp.module.js';
import type { McpContext } from '../../../../lib/server/context/mcp-context.js';
import { McpServer } from '../../../../lib/server/mcp-server.js';
import { TestClient } from '../../server/harness.js';

@Injectable()
class GreetingService {
  greeting(): string {
    return 'Hello';
  }
}

@Injectable()
class WeatherTools {
  constructor(private readonly greetings: GreetingService) {}

  @Tool({ description: 'Greets', inputSchema: { name: z.string() } })
  greet({ name }: { name: string }, ctx: McpContext) {
    return `${this.greetings.greeting()} ${name} (${ctx.method})`;
  }

  @Tool({ name: 'weather.forecast', title: 'Forecast' })
  forecast() {
    return { temp: 21 };
  }

  @Prompt({ description: 'Summarise' })
  summarise() {
    return 'Summarise this';
  }

  @Resource({ uri: 'config://app', mimeType: 'application/json' })
  config() {
    return '{}';
  }

  @ResourceTemplate({ uriTemplate: 'city://{name}' })
  city({ name }: { name: string }) {
    return `City ${name}`;
  }

  helper() {
    return 'not a tool';
  }
}

@Injectable()
class OtherTools {
  @Tool({ name: 'greet' })
  hello() {
    return 'hi';
  }
}

let requestScopedInstances = 0;

@Injectable({ scope: Scope.REQUEST })
class RequestScopedTools {
  private readonly instance = ++requestScopedInstances;

  @Tool()
  perRequest() {
    return `instance ${this.instance}`;
  }
}

async function boot(providers: Provider[]): Promise<TestingModule> {
  const moduleRef = await Test.createTestingModule({
    imports: [McpModule.forRoot({ name: 'explorer-test', version: '1.0.0', http: false })],
    providers,
  }).compile();
  await moduleRef.init();
  return moduleRef;
}

@Injectable()
class CompletingTools {
  private readonly cities = ['Oslo', 'Osaka', 'Lima'];

  @Prompt({ arguments: { city: z.string() }, complete: { city: 'completeCity' } })
  visit({ city }: { city: string }) {
    return `Visit ${city}`;
  }

  @Prompt({ name: 'inline', arguments: { city: z.string() }, complete: { city: () => ['Rome'] } })
  inline({ city }: { city: string }) {
    return city;
  }

  completeCity(value: string): string[] {
    return this.cities.filter((city) => city.startsWith(value));
  }
}

@Injectable()
class BrokenCompleter {
  @Prompt({ arguments: { city: z.string() }, complete: { city: 'noSuchMethod' } })
  broken() {
    return 'x';
  }
}

describe('McpExplorer (through McpModule.forRoot with http: false)', () => {
  let moduleRef: TestingModule | undefined;

  beforeAll(() => {
    Logger.overrideLogger(false);
  });

  afterEach(async () => {
    await moduleRef?.close();
    moduleRef = undefined;
  });

  it('registers decorated methods, naming them after the method by default', async () => {
    moduleRef = await boot([GreetingService, WeatherTools]);
    const server = moduleRef.get(McpServer);
    expect([...server.tools.values()].map((t) => [t.key, t.origin])).toEqual([
      ['greet', 'WeatherTools#greet'],
      ['weather.forecast', 'WeatherTools#forecast'],
    ]);
    expect(server.tools.get('weather.forecast')!.descriptor.title).toBe('Forecast');
    expect([...server.prompts.values()].map((p) => p.key)).toEqual(['summarise']);
    expect(server.resources.get('config://app')!.descriptor).toEqual({
      uri: 'config://app',
      name: 'config',
      mimeType: 'application/json',
    });
    expect(server.resourceTemplates.get('city://{name}')!.descriptor.name).toBe('city');
    expect(server.tools.get('helper')).toBeUndefined();
  });

  it('binds handlers to the provider instance (injected dependencies work)', async () => {
    moduleRef = await boot([GreetingService, WeatherTools]);
    const client = TestClient.connect(moduleRef.get(McpServer));
    await client.initialize();
    expect(
      await client.result('tools/call', { name: 'greet', arguments: { name: 'Ada' } }),
    ).toEqual({ content: [{ type: 'text', text: 'Hello Ada (tools/call)' }] });
    expect(await client.result('resources/read', { uri: 'city://Oslo' })).toEqual({
      contents: [{ uri: 'city://Oslo', text: 'City Oslo' }],
    });
  });

  it('mounts no HTTP controller with http: false', async () => {
    const dynamic = McpModule.forRoot({ name: 'x', version: '1', http: false });
    expect(dynamic.controllers).toEqual([]);
  });

  it('fails bootstrap on a duplicate tool name, naming both Class#method', async () => {
    let caught: unknown;
    try {
      moduleRef = await boot([GreetingService, WeatherTools, OtherTools]);
    } catch (e) {
      caught = e;
    }
    expect(caught).toBeInstanceOf(Error);
    expect((caught as Error).message).toContain('duplicate tool "greet"');
    expect((caught as Error).message).toContain('WeatherTools#greet');
    expect((caught as Error).message).toContain('OtherTools#hello');
  });

  it('boots with request-scoped providers and resolves them per call', async () => {
    // No instance exists at bootstrap for a request-scoped provider; discovery must not crash on
    // it, and (per McpHandlerFactory) its tools are served by a fresh instance for every call.
    moduleRef = await boot([RequestScopedTools, OtherTools]);
    const server = moduleRef.get(McpServer);
    expect([...server.tools.values()].map((t) => t.key).sort()).toEqual(['greet', 'perRequest']);
    expect(server.tools.get('perRequest')!.origin).toBe('RequestScopedTools#perRequest');

    const client = TestClient.connect(server);
    await client.initialize();
    const before = requestScopedInstances;
    const first = await client.result('tools/call', { name: 'perRequest' });
    const second = await client.result('tools/call', { name: 'perRequest' });
    expect(first).toEqual({ content: [{ type: 'text', text: `instance ${before + 1}` }] });
    expect(second).toEqual({ content: [{ type: 'text', text: `instance ${before + 2}` }] });
  });

  it('resolves completers named by method on the provider instance', async () => {
    moduleRef = await boot([CompletingTools]);
    const client = TestClient.connect(moduleRef.get(McpServer));
    await client.initialize();
    const complete = (name: string, value: string) =>
      client.result('completion/complete', {
        ref: { type: 'ref/prompt', name },
        argument: { name: 'city', value },
      });
    expect(await complete('visit', 'Os')).toEqual({
      completion: { values: ['Oslo', 'Osaka'], total: 2, hasMore: false },
    });
    expect(await complete('inline', '')).toMatchObject({ completion: { values: ['Rome'] } });
  });

  it('fails bootstrap when a named completer is not a method of the provider', async () => {
    await expect(boot([BrokenCompleter])).rejects.toThrow(
      'BrokenCompleter: completer "noSuchMethod" for "city" must be a method of a singleton provider',
    );
  });

  it('closes sessions when the module is destroyed', async () => {
    moduleRef = await boot([OtherTools]);
    const server = moduleRef.get(McpServer);
    const client = TestClient.connect(server);
    await client.initialize();
    await moduleRef.close();
    moduleRef = undefined;
    expect(client.session.closed).toBe(true);
    expect(server.sessionCount).toBe(0);
  });
});
