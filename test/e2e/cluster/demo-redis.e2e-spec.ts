import { randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { connectClient } from '../support/client.js';
import { freePorts } from '../support/free-port.js';
import { CLUSTER_START_MS, startInstance, startSideBySide } from './support/cluster.js';
import { startRoundRobinProxy } from './support/round-robin-proxy.js';

// Two demo processes boot side by side: a loaded CI machine once took more than 60 s for both.
import.meta.jest.setTimeout(CLUSTER_START_MS + 30_000);

const DEMO_MAIN = fileURLToPath(new URL('../../../dist/sample/01-demo/main.js', import.meta.url));
const READY = /MCP demo server: Streamable HTTP http:\/\/127\.0\.0\.1:(\d+)\/mcp/;

describe('the demo with REDIS_URL: two instances form one service', () => {
  it('serves one session from both instances behind a round-robin proxy', async () => {
    const prefix = `mcp-e2e-demo:${randomUUID()}:`;
    const ports = await freePorts(2); // the demo takes `PORT`, not 0
    const instances = await startSideBySide(
      ports.map((port) => () => startInstance(prefix, { PORT: String(port) }, DEMO_MAIN, READY)),
    );
    const proxy = await startRoundRobinProxy(instances.map((i) => i.port));
    const test = await connectClient(new URL('/mcp', proxy.url));
    try {
      for (let i = 0; i < 4; i++) {
        const result = await test.client.callTool({ name: 'add', arguments: { a: i, b: 1 } });
        expect(result.structuredContent).toEqual({ sum: i + 1 });
      }
      expect(new Set(proxy.log).size).toBe(2); // both instances served the session
    } finally {
      await test.close();
      await proxy.close();
      for (const instance of instances) instance.process.kill('SIGTERM');
    }
  });
});
