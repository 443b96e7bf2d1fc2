import { createServer, type AddressInfo } from 'node:net';

/**
 * A loopback port nothing listens on (bound to 0, read, released): for servers whose URL must be
 * known before they start, and for "nothing listens here" cases.
 */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      server.close(() => resolve(port));
    });
  });
}
