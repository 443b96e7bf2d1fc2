import {
  McpClient,
  StreamableHttpClientTransport,
  type FetchMiddleware,
} from '../../../lib/index.js';
import { startApp, type TestApp } from '../support/app.js';

/** The HTTP client transport's fetch middleware, composed around real requests to a Nest app. */
describe('StreamableHttpClientTransport middleware', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startApp();
  });
  afterAll(() => app.close());

  it('runs every request through the middleware, first = outermost, and retries a 503', async () => {
    const trace: string[] = [];
    const logging: FetchMiddleware = (next) => async (url, init) => {
      trace.push(`log> ${init.method}`);
      const response = await next(url, init);
      trace.push(`log< ${response.status}`);
      return response;
    };
    let refusedOnce = false;
    // The "server" refuses the first request once; the retry middleware sends it again.
    const flaky: FetchMiddleware = (next) => async (url, init) => {
      if (!refusedOnce) {
        refusedOnce = true;
        return new Response('busy', { status: 503 });
      }
      return next(url, init);
    };
    const retry: FetchMiddleware = (next) => async (url, init) => {
      const first = await next(url, init);
      if (first.status !== 503) return first;
      trace.push('retry');
      return next(url, init);
    };
    const client = new McpClient({
      transport: new StreamableHttpClientTransport(app.url, {
        standaloneStream: false,
        middleware: [logging, retry, flaky],
      }),
      versionNegotiation: { pin: '2025-11-25' },
    });
    try {
      await client.connect();
      const result = await client.callTool('echo', { text: 'through' });
      expect(result.content).toEqual([{ type: 'text', text: 'echo: through' }]);
    } finally {
      await client.close();
    }
    expect(trace.slice(0, 3)).toEqual(['log> POST', 'retry', 'log< 200']);
    expect(trace.filter((t) => t === 'log> POST').length).toBeGreaterThanOrEqual(3);
    expect(trace).toContain('log> DELETE');
  });
});
