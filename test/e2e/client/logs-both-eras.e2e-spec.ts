import {
  McpClient,
  StreamableHttpClientTransport,
  type McpLogMessage,
} from '../../../lib/index.js';
import { startApp, type TestApp } from '../support/app.js';

/**
 * `logs$` by default, on real sockets: a 2025 server logs at every level until told otherwise;
 * a 2026-07-28 client asks for `debug` in each request's `_meta` unless `logLevel` says else, so
 * the same tool call gives the same log messages in both eras.
 */
describe('McpClient logs$ is the same in both eras by default', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startApp();
  });
  afterAll(() => app.close());

  const levelsSeen = async (pin: string, logLevel?: 'warning') => {
    const client = new McpClient({
      transport: new StreamableHttpClientTransport(app.url, { standaloneStream: false }),
      versionNegotiation: { pin },
      ...(logLevel && { logLevel }),
    });
    const logs: McpLogMessage[] = [];
    client.logs$.subscribe((log) => logs.push(log));
    try {
      await client.callTool('progress_logs', { steps: 1 });
    } finally {
      await client.close();
    }
    return logs.map((log) => log.level);
  };

  it('gives every level in both eras without any setting', async () => {
    const legacy = await levelsSeen('2025-11-25');
    const modern = await levelsSeen('2026-07-28');
    expect(legacy.length).toBeGreaterThan(1);
    expect(modern).toEqual(legacy);
  });

  it('logLevel narrows the 2026-07-28 messages', async () => {
    const modern = await levelsSeen('2026-07-28', 'warning');
    expect(modern).not.toContain('debug');
    expect(modern).toContain('warning');
  });
});
