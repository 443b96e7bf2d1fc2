import type { DynamicModule } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { McpModule } from '../../../lib/index.js';
import { initializeRawSession, rawId, rawRequest } from '../support/raw-http.js';
import { TestTools } from '../support/test-tools.js';
import { connectSdk, firstText } from './support/clients.js';
import {
  configModule,
  McpConfigFactory,
  McpConfigModule,
  mcpOptionsFrom,
} from './support/mcp-config.js';
import { bootApp, type BootedApp } from './support/nest-app.js';

/** The three `forRootAsync` forms, each mounted at its own path (an extra). */
const FORMS: Array<{ form: string; path: string; label: string; module: () => DynamicModule }> = [
  {
    form: 'useFactory + inject',
    path: 'factory-mcp',
    label: 'factory',
    module: () =>
      McpModule.forRootAsync({
        imports: [configModule()],
        inject: [ConfigService],
        useFactory: (config: ConfigService) => mcpOptionsFrom(config, 'factory'),
        path: 'factory-mcp',
      }),
  },
  {
    form: 'useClass',
    path: 'class-mcp',
    label: 'class',
    module: () =>
      McpModule.forRootAsync({
        imports: [configModule()],
        useClass: McpConfigFactory,
        path: 'class-mcp',
      }),
  },
  {
    form: 'useExisting',
    path: 'existing-mcp',
    label: 'class',
    module: () =>
      McpModule.forRootAsync({
        imports: [McpConfigModule],
        useExisting: McpConfigFactory,
        path: 'existing-mcp',
      }),
  },
];

describe.each(FORMS)(
  'McpModule.forRootAsync ($form) with @nestjs/config',
  ({ path, label, module }) => {
    let booted: BootedApp;

    beforeAll(async () => {
      booted = await bootApp({ imports: [module()], providers: [TestTools] });
    });
    afterAll(() => booted.close());

    it('serves at the path extra with the identity from ConfigService', async () => {
      const peer = await connectSdk(booted.url(`/${path}`));
      try {
        expect(peer.client.getServerVersion()).toEqual({
          name: `configured-server-${label}`,
          version: '3.1.4',
        });
        expect(peer.client.getInstructions()).toBe('Loaded through @nestjs/config');
        const result = await peer.client.callTool({ name: 'echo', arguments: { text: 'async' } });
        expect(firstText(result)).toBe('echo: async');
      } finally {
        await peer?.close();
      }
    });

    it('hands transport options from ConfigService to the transport (maxBodyBytes)', async () => {
      const url = booted.url(`/${path}`);
      const session = await initializeRawSession(url);
      const body = JSON.stringify({
        jsonrpc: '2.0',
        id: rawId(),
        method: 'tools/call',
        params: { name: 'measure', arguments: { payload: 'z'.repeat(4096) } },
      });
      const response = await rawRequest(url, { headers: session.headers, body });
      expect(response.status).toBe(413);
    });

    it('does not mount the default /mcp path', async () => {
      const response = await rawRequest(booted.url('/mcp'), { body: '{}' });
      expect(response.status).toBe(404);
    });
  },
);

describe('forRootAsync: extras returned by the factory', () => {
  it('refuse to start, naming the extras and where they go', async () => {
    const options = { name: 'misplaced', version: '1.0.0', path: 'elsewhere', websocket: true };
    const outcome = await bootApp({
      // The cast stands for a factory typed loosely (JavaScript, `any`): the types refuse it.
      imports: [McpModule.forRootAsync({ useFactory: () => options as never })],
      providers: [TestTools],
    }).then(
      async (booted) => {
        await booted?.close();
        return 'started';
      },
      (error: Error) => error.message,
    );
    expect(outcome).toMatch(
      /`path`, `websocket` came from the options factory.*forRootAsync\(\{ useFactory, path: \.\.\., websocket: \.\.\. \}\)/,
    );
  });
});
