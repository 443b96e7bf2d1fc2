import 'reflect-metadata';
import type { INestApplication } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { z } from 'zod';
import {
  McpClient,
  McpClientManager,
  McpGatewayModule,
  McpModule,
  McpServer,
  StreamableHttpClientTransport,
} from '../../../lib/index.js';
import { connectClient, type TestClient } from '../support/client.js';
import { waitFor } from '../support/wait.js';
import { startUpstream, type UpstreamApp } from '../manager/support/upstream-app.js';

const SKILL = 'skill://weather/forecasting/SKILL.md';
const FILE = 'skill://weather/forecasting/references/cities.md';

/** Entries as the official SDK v1 client parses them (it has no skills API: a raw request). */
const ListSkills = z.object({
  skills: z.array(
    z.looseObject({
      uri: z.string(),
      frontmatter: z.looseObject({ name: z.string() }),
      resources: z.unknown(),
    }),
  ),
});

/**
 * The gateway serves a downstream Nest app's skill under its prefix for that server: listed and
 * fetched through it, its files read through it, the tools it names renamed like the gateway
 * names them (`weather__get_forecast`).
 */
describe('McpGatewayModule skills (clients → gateway → a Nest app with a skill)', () => {
  let weather: UpstreamApp;
  let gateway: INestApplication;
  let url: URL;
  let sdk: TestClient;
  let ours: McpClient;

  beforeAll(async () => {
    weather = await startUpstream('weather');
    weather.server.registerSkill({
      name: 'forecasting',
      description: 'Answer forecast questions',
      frontmatter: { license: 'MIT', metadata: { 'mcp-tools': 'get_forecast' } },
      instructions: '# Forecasting\nCall `get_forecast` with the city.\n',
      files: [{ path: 'references/cities.md', content: '# Cities\nOslo, Bergen\n' }],
    });
    const moduleRef = await Test.createTestingModule({
      imports: [
        McpModule.forRoot({ name: 'gateway', version: '1.0.0' }),
        McpGatewayModule.forRoot({ mcpServers: { weather: { url: weather.url } }, logger: false }),
      ],
    }).compile();
    gateway = moduleRef.createNestApplication({ logger: false });
    await gateway.listen(0, '127.0.0.1');
    const { port } = (gateway.getHttpServer() as Server).address() as AddressInfo;
    url = new URL(`http://127.0.0.1:${port}/mcp`);
    const server = gateway.get(McpServer);
    await waitFor(() => gateway.get(McpClientManager).aggregate.tools.length > 0, {
      description: 'the upstream tools',
    });
    await waitFor(() => server.skills.get(SKILL) !== undefined, {
      description: 'the gateway skill',
    });
    sdk = await connectClient(url);
    ours = new McpClient({ transport: new StreamableHttpClientTransport(url) });
    await ours.connect();
  }, 30_000);

  afterAll(async () => {
    await ours?.close();
    await sdk?.close();
    await gateway?.close();
    await weather?.close();
  });

  it('lists the downstream skill under the server prefix (official SDK v1 client)', async () => {
    const { skills } = await sdk.client.request({ method: 'skills/list', params: {} }, ListSkills);
    expect(skills.map((s) => s.uri)).toEqual([SKILL]);
    expect(skills[0]?.frontmatter).toMatchObject({
      name: 'forecasting',
      license: 'MIT',
      metadata: { 'mcp-tools': 'weather__get_forecast' },
    });
  });

  it('gets the skill and reads its files through the gateway', async () => {
    const skill = await ours.skills.get(SKILL);
    expect(skill.resources).toEqual([
      expect.objectContaining({ uri: SKILL }),
      expect.objectContaining({ uri: FILE }),
    ]);
    const md = await sdk.client.readResource({ uri: SKILL });
    expect(md.contents[0]).toMatchObject({ uri: SKILL });
    expect(String((md.contents[0] as { text?: string }).text)).toContain(
      'Call `get_forecast` with the city.',
    );
    const file = await ours.readResource(FILE);
    expect(file.contents[0]).toMatchObject({ uri: FILE, text: '# Cities\nOslo, Bergen\n' });
  });

  it('does not also serve the upstream skill files under their own URIs', async () => {
    const { resources } = await sdk.client.listResources();
    const uris = resources.map((r) => r.uri);
    expect(uris).toEqual(expect.arrayContaining([SKILL, FILE]));
    expect(uris).not.toContain('skill://forecasting/SKILL.md');
  });

  it('drops the skill when the downstream removes it', async () => {
    weather.server.removeSkill('skill://forecasting/SKILL.md');
    await waitFor(() => gateway.get(McpServer).skills.get(SKILL) === undefined, {
      description: 'the gateway skill removed',
    });
    // The gateway now serves no skill at all: the extension is gone (-32601), else -32602.
    await expect(ours.skills.get(SKILL)).rejects.toMatchObject({
      code: expect.any(Number) as number,
    });
  });
});
