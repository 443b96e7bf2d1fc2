import { ConfigService } from '@nestjs/config';
import { McpServer, McpModule } from '../../../lib/index.js';
import { initializeRawSession, postJson, rawId } from '../support/raw-http.js';
import { connectSdk, firstText, names, type SdkPeer } from './support/clients.js';
import { BillingModule, WeatherModule } from './support/feature-modules.js';
import { configModule } from './support/mcp-config.js';
import { bootApp, type BootedApp } from './support/nest-app.js';
import { PLATFORMS } from './support/platforms.js';

/** Two servers in one app: `forRoot` for weather, `forRootAsync` for billing. */
function twoServers() {
  return [
    WeatherModule,
    BillingModule,
    McpModule.forRoot({
      name: 'weather',
      version: '1.0.0',
      include: [WeatherModule],
      path: 'weather/mcp',
    }),
    McpModule.forRootAsync({
      imports: [configModule()],
      inject: [ConfigService],
      useFactory: (config: ConfigService) => ({
        name: 'billing',
        version: config.getOrThrow<string>('mcp.version'),
        include: [BillingModule],
      }),
      path: 'billing/mcp',
    }),
  ];
}

describe.each(PLATFORMS)('two MCP servers in one app on %s', (platform) => {
  let booted: BootedApp;
  const peers: SdkPeer[] = [];
  const connect = async (path: string) => {
    const peer = await connectSdk(booted.url(path));
    peers.push(peer);
    return peer;
  };

  beforeAll(async () => {
    booted = await bootApp({ platform, imports: twoServers() });
  });
  afterEach(() => Promise.all(peers.splice(0).map((p) => p.close())));
  afterAll(() => booted.close());

  it('gives each server its own identity and tool set', async () => {
    const weather = await connect('/weather/mcp');
    const billing = await connect('/billing/mcp');
    expect(weather.client.getServerVersion()?.name).toBe('weather');
    expect(billing.client.getServerVersion()).toEqual({ name: 'billing', version: '3.1.4' });
    expect(names((await weather.client.listTools()).tools)).toEqual(['forecast']);
    expect(names((await billing.client.listTools()).tools)).toEqual(['invoice', 'refund']);
    expect(names((await weather.client.listPrompts()).prompts)).toEqual(['weather_prompt']);
    // Billing has no prompts, so it does not even advertise the capability.
    expect(billing.client.getServerCapabilities()?.prompts).toBeUndefined();
  });

  it("serves each server's own tools and refuses the other's", async () => {
    const weather = await connect('/weather/mcp');
    const billing = await connect('/billing/mcp');
    const forecast = await weather.client.callTool({
      name: 'forecast',
      arguments: { city: 'Oslo' },
    });
    expect(firstText(forecast)).toBe('sunny in Oslo');
    const invoice = await billing.client.callTool({ name: 'invoice', arguments: { amount: 5 } });
    expect(firstText(invoice)).toBe('invoice for 5');
    await expect(
      weather.client.callTool({ name: 'invoice', arguments: { amount: 5 } }),
    ).rejects.toMatchObject({ code: -32602 });
  });

  it('keeps sessions apart: a session id of one server is unknown to the other', async () => {
    const weather = await initializeRawSession(booted.url('/weather/mcp'));
    const response = await postJson(
      booted.url('/billing/mcp'),
      { jsonrpc: '2.0', id: rawId(), method: 'ping' },
      weather.headers,
    );
    expect(response.status).toBe(404);
  });

  it('has one McpServer per module instance', () => {
    const found = booted.app.get(McpServer, { strict: false, each: true });
    expect(found.map((s) => s.options.name).sort()).toEqual(['billing', 'weather']);
  });
});
