import { jest } from '@jest/globals';
import { McpEndpointAuthGuard, McpModule, type McpModuleOptions } from '../../../lib/index.js';
import { initializeRequest, rawRequest } from '../support/raw-http.js';
import { bootApp, type BootedApp } from './support/nest-app.js';
import { PLATFORMS } from './support/platforms.js';

const INITIALIZE = JSON.stringify(initializeRequest());

const AUTH: McpModuleOptions['auth'] = {
  resource: 'http://127.0.0.1/mcp',
  authorizationServers: ['http://127.0.0.1:1'],
  verifier: () => Promise.reject(new Error('no token is valid here')),
};

/**
 * The endpoint's auth guard runs only where the `auth` option protects the endpoint: elsewhere
 * it would let every request through, and Nest's router would still run a guard step for it.
 */
describe.each(PLATFORMS)('the MCP endpoint guard on %s', (platform) => {
  let booted: BootedApp | undefined;
  let canActivate: ReturnType<typeof jest.spyOn>;

  beforeEach(() => {
    canActivate = jest.spyOn(McpEndpointAuthGuard.prototype, 'canActivate');
  });
  afterEach(async () => {
    canActivate.mockRestore();
    await booted?.close();
    booted = undefined;
  });

  const boot = async (options: Partial<McpModuleOptions>, sse = false) => {
    booted = await bootApp({
      platform,
      imports: [McpModule.forRoot({ name: 'guarded-endpoint', version: '1', ...options, sse })],
    });
    return booted;
  };

  it('is not run on an endpoint without the auth option (Streamable HTTP and SSE)', async () => {
    const app = await boot({}, true);
    const answer = await rawRequest(app.url(), { body: INITIALIZE });
    expect(answer.status).toBe(200);
    const sse = await rawRequest(app.url('/messages?sessionId=none'), { body: INITIALIZE });
    expect(sse.status).toBe(404);
    expect(canActivate).not.toHaveBeenCalled();
  });

  it('is not run when the auth option leaves the endpoint open (protectEndpoint: false)', async () => {
    const app = await boot({ auth: { ...AUTH, protectEndpoint: false } });
    const answer = await rawRequest(app.url(), { body: INITIALIZE });
    expect(answer.status).toBe(200);
    expect(canActivate).not.toHaveBeenCalled();
  });

  it('refuses a request without a token where the auth option protects the endpoint', async () => {
    const app = await boot({ auth: AUTH }, true);
    const answer = await rawRequest(app.url(), { body: INITIALIZE });
    expect(answer.status).toBe(401);
    expect(answer.headers['www-authenticate']).toMatch(/^Bearer /);
    const sse = await rawRequest(app.url('/sse'), { method: 'GET' });
    expect(sse.status).toBe(401);
    expect(canActivate).toHaveBeenCalledTimes(2);
  });
});
