import 'reflect-metadata';
import type { INestApplication } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { McpClient } from '../../../lib/client/mcp-client.js';
import { StreamableHttpClientTransport } from '../../../lib/transports/http/client/streamable-http-client.transport.js';
import { AppModule as FixtureModule } from '../../../sample/02-conformance-fixture/src/app.module.js';
import { scenarios } from '../../../sample/04-conformance-client/src/scenarios.js';

/**
 * Keeps sample 04 (the conformance test client) from rotting: its scenarios that our own
 * conformance fixture (sample 02) can serve run here in-process; `scripts/conformance-client.sh`
 * runs all of them against the official suite.
 */
describe('sample 04: conformance client scenarios against sample 02', () => {
  let app: INestApplication;
  let url: URL;

  beforeAll(async () => {
    const moduleRef = await Test.createTestingModule({ imports: [FixtureModule] }).compile();
    app = moduleRef.createNestApplication({ logger: false });
    await app.listen(0, '127.0.0.1');
    const { port } = (app.getHttpServer() as Server).address() as AddressInfo;
    url = new URL(`http://127.0.0.1:${port}/mcp`);
  });

  afterAll(async () => {
    (app.getHttpServer() as Server).closeAllConnections();
    await app.close();
  });

  it('declares the non-auth client scenarios of the 2025-11-25 and 2026-07-28 sets', () => {
    expect(Object.keys(scenarios).sort()).toEqual(
      [
        'elicitation-sep1034-client-defaults',
        'http-custom-headers',
        'http-invalid-tool-headers',
        'http-standard-headers',
        'initialize',
        'json-schema-2020-12-preservation',
        'json-schema-ref-no-deref',
        'request-metadata',
        'sep-2322-client-request-state',
        'sse-retry',
        'tools_call',
      ].sort(),
    );
  });

  it.each(['initialize', 'sse-retry'])('runs scenario %s to completion', async (name) => {
    const scenario = scenarios[name]!;
    const client = new McpClient({
      transport: new StreamableHttpClientTransport(url),
      clientInfo: { name: 'sample-04', version: '0.1.0' },
      versionNegotiation: { pin: '2025-11-25' },
      ...scenario.clientOptions,
    });
    const errors: Error[] = [];
    client.errors$.subscribe((error) => errors.push(error));
    try {
      await client.connect();
      await expect(scenario.run(client, {})).resolves.toBeUndefined();
    } finally {
      await client.close();
    }
    expect(errors).toEqual([]);
  });

  it('fails tools_call with a clear message when the tool is missing', async () => {
    const client = new McpClient({ transport: new StreamableHttpClientTransport(url) });
    try {
      await client.connect();
      await expect(scenarios.tools_call!.run(client, {})).rejects.toThrow(/no "add_numbers" tool/);
    } finally {
      await client.close();
    }
  });
});
