import 'reflect-metadata';
import { Injectable, type INestApplication } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { AddressInfo } from 'node:net';
import { z } from 'zod';
import {
  McpClient,
  McpModule,
  McpResponse,
  Prompt,
  Resource,
  ResourceTemplate,
  StreamableHttpClientTransport,
  Tool,
} from '../../lib/index.js';

const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47]);
const PNG64 = Buffer.from(PNG).toString('base64');
const Weather = { city: z.string(), celsius: z.number() };

@Injectable()
class BuilderTools {
  @Tool({ description: 'Every content kind, built' })
  everything() {
    return McpResponse.tool()
      .text('hello', { audience: ['user'] })
      .json({ n: 1 })
      .image(PNG, 'image/png')
      .audio(PNG64, 'audio/wav')
      .embedded({ uri: 'file:///a.txt', mimeType: 'text/plain', text: 'A' })
      .link({ uri: 'file:///b.txt', name: 'b' })
      .meta({ 'acme/trace': 't1' });
  }

  @Tool({ inputSchema: { good: z.boolean() }, outputSchema: Weather })
  weather({ good }: { good: boolean }) {
    const response = McpResponse.tool(Weather).text('Oslo: 4 C');
    // A misuse the types allow only through a cast: checked against the outputSchema anyway.
    return good
      ? response.structured({ city: 'Oslo', celsius: 4 })
      : response.structured({ city: 'Oslo', celsius: 'cold' } as unknown as {
          city: string;
          celsius: number;
        });
  }

  @Tool({ description: 'A tool error, built' })
  failing() {
    return McpResponse.tool().error('Division by zero').build(); // the built value works too
  }

  @Prompt({ description: 'Review', arguments: { code: z.string() } })
  review({ code }: { code: string }) {
    return McpResponse.prompt().user(`Review:\n${code}`).assistant('Reading it.');
  }

  @Resource({ uri: 'builder://readme', mimeType: 'text/markdown' })
  readme() {
    return McpResponse.resource().name('readme').description('The readme').text('# Hi');
  }

  @ResourceTemplate({ uriTemplate: 'builder://logo/{size}', mimeType: 'image/png' })
  logo() {
    return McpResponse.resource().title('Logo').blob(PNG);
  }
}

/**
 * `McpResponse` results over the wire: the official SDK v1 client parses them with its own
 * schemas (2025-11-25), McpClient checks them in the 2026-07-28 era.
 */
describe('McpResponse builders over Streamable HTTP', () => {
  let app: INestApplication;
  let url: URL;
  let sdk: Client;
  let modern: McpClient;

  beforeAll(async () => {
    const moduleRef = await Test.createTestingModule({
      imports: [McpModule.forRoot({ name: 'builder', version: '1.0.0' })],
      providers: [BuilderTools],
    }).compile();
    app = moduleRef.createNestApplication({ logger: false });
    await app.listen(0, '127.0.0.1');
    url = new URL(`http://127.0.0.1:${(app.getHttpServer().address() as AddressInfo).port}/mcp`);
    sdk = new Client({ name: 'builder-e2e', version: '1.0.0' });
    await sdk.connect(new StreamableHTTPClientTransport(url));
    modern = new McpClient({
      transport: new StreamableHttpClientTransport(url, { standaloneStream: false }),
    });
    await modern.connect();
  });

  afterAll(async () => {
    await sdk.close();
    await modern.close();
    await app.close();
  });

  const everything = [
    { type: 'text', text: 'hello', annotations: { audience: ['user'] } },
    { type: 'text', text: '{"n":1}' },
    { type: 'image', data: PNG64, mimeType: 'image/png' },
    { type: 'audio', data: PNG64, mimeType: 'audio/wav' },
    { type: 'resource', resource: { uri: 'file:///a.txt', mimeType: 'text/plain', text: 'A' } },
    { type: 'resource_link', uri: 'file:///b.txt', name: 'b' },
  ];

  it('a tool result with every content kind and _meta (both eras)', async () => {
    const legacy = await sdk.callTool({ name: 'everything', arguments: {} });
    expect(legacy.content).toEqual(everything);
    expect(legacy._meta).toEqual({ 'acme/trace': 't1' });
    expect(modern.protocolVersion).toBe('2026-07-28');
    const stateless = await modern.callTool('everything', {});
    expect(stateless.content).toEqual(everything);
    expect(stateless._meta).toMatchObject({ 'acme/trace': 't1' });
  });

  it('structured content checked against the output schema; a mismatch is an isError result', async () => {
    const good = await sdk.callTool({ name: 'weather', arguments: { good: true } });
    expect(good).toMatchObject({
      content: [{ type: 'text', text: 'Oslo: 4 C' }],
      structuredContent: { city: 'Oslo', celsius: 4 },
    });
    const bad = await modern.callTool('weather', { good: false });
    expect(bad.isError).toBe(true);
    expect(bad.content).toEqual([
      {
        type: 'text',
        text: expect.stringMatching(/Tool "weather" produced invalid output: .*celsius/),
      },
    ]);
  });

  it('an error result, returned built', async () => {
    expect(await sdk.callTool({ name: 'failing', arguments: {} })).toMatchObject({
      content: [{ type: 'text', text: 'Division by zero' }],
      isError: true,
    });
  });

  it('a prompt result: user and assistant messages, the declared description', async () => {
    const messages = [
      { role: 'user', content: { type: 'text', text: 'Review:\nx = 1' } },
      { role: 'assistant', content: { type: 'text', text: 'Reading it.' } },
    ];
    expect(await sdk.getPrompt({ name: 'review', arguments: { code: 'x = 1' } })).toEqual({
      description: 'Review',
      messages,
    });
    expect((await modern.getPrompt('review', { code: 'x = 1' })).messages).toEqual(messages);
  });

  it('resource results: text and blob with the URI read, the declared MIME type, name and title', async () => {
    const readme = {
      uri: 'builder://readme',
      mimeType: 'text/markdown',
      name: 'readme',
      description: 'The readme',
      text: '# Hi',
    };
    // name/description are extra fields of the contents: McpClient keeps them, the SDK v1
    // client's schema drops what it does not know (and parses the rest).
    expect((await modern.readResource('builder://readme')).contents).toEqual([readme]);
    expect((await sdk.readResource({ uri: 'builder://readme' })).contents).toEqual([
      { uri: readme.uri, mimeType: readme.mimeType, text: readme.text },
    ]);
    expect((await modern.readResource('builder://logo/64')).contents).toEqual([
      { uri: 'builder://logo/64', mimeType: 'image/png', title: 'Logo', blob: PNG64 },
    ]);
  });
});
