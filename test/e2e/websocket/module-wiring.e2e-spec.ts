import 'reflect-metadata';
import { Test } from '@nestjs/testing';
import type { INestApplication } from '@nestjs/common';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { McpModule } from '../../../lib/index.js';
import { McpWebSocketGateway } from '../../../lib/nest/websocket/mcp-websocket.gateway.js';
import { createMcpWebSocketProviders } from '../../../lib/nest/websocket/mcp-websocket.providers.js';
import { TestTools } from '../support/test-tools.js';
import { RawSocket } from './support/raw-socket.js';

const MODULE_OPTIONS = Symbol('module options under test');

describe('createMcpWebSocketProviders (the wiring McpModule uses)', () => {
  let app: INestApplication;
  let url: URL;

  beforeAll(async () => {
    const moduleRef = await Test.createTestingModule({
      imports: [McpModule.forRoot({ name: 'wiring', version: '1.0.0' })],
      providers: [
        TestTools,
        {
          provide: MODULE_OPTIONS,
          useValue: { allowedOrigins: ['http://trusted.example'], allowedHosts: ['127.0.0.1'] },
        },
        ...createMcpWebSocketProviders(
          { path: 'mcp-socket/', maxMessageBytes: 2048, allowedHosts: undefined },
          MODULE_OPTIONS,
        ),
      ],
    }).compile();
    app = moduleRef.createNestApplication({ logger: false });
    await app.listen(0, '127.0.0.1');
    const { port } = (app.getHttpServer() as Server).address() as AddressInfo;
    url = new URL(`ws://127.0.0.1:${port}/mcp-socket`);
  });

  afterAll(async () => {
    await app.close();
  });

  it('mounts the gateway at the normalised path, reachable as McpWebSocketGateway', async () => {
    const gateway = app.get(McpWebSocketGateway);
    expect(gateway.path).toBe('/mcp-socket');
    expect(gateway.mode).toBe('upgrade-listener');
    const socket = await RawSocket.open(url);
    await socket.initialize();
    expect(gateway.connectionCount).toBe(1);
    await socket.close();
  });

  it('applies the module’s origin settings under the extra’s own settings', async () => {
    const trusted = await RawSocket.open(url, ['mcp'], {
      headers: { Origin: 'http://trusted.example' },
    });
    await trusted.initialize();
    await expect(RawSocket.refusal(url, { Origin: 'http://other.example' })).resolves.toBe(403);
    trusted.send({ jsonrpc: '2.0', id: 1, method: 'ping', params: { pad: 'z'.repeat(4096) } });
    await expect(trusted.whenClosed()).resolves.toMatchObject({ code: 1009 });
  });
});
