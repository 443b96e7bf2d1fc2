import { startApp, type TestApp, type TestAppOptions } from '../../support/app.js';

/**
 * The shared e2e app ({@link startApp}: TestTools over Streamable HTTP on 127.0.0.1), closed
 * without waiting for idle keep-alive sockets: undici may hold a connection that never carried a
 * request, which Node's `closeIdleConnections` leaves open until undici's own 4 s idle timeout.
 */
export async function startNestServer(options: TestAppOptions = {}): Promise<TestApp> {
  const server = await startApp(options);
  const close = server.close.bind(server);
  return Object.assign(server, {
    async close() {
      server.app.getHttpServer().closeAllConnections?.();
      await close();
    },
  });
}
