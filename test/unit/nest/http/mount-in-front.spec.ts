import { createServer, IncomingMessage, ServerResponse, type Server } from 'node:http';
import { Socket } from 'node:net';
import { mountInFront, nodeServerOf } from '../../../../lib/nest/http/mount-in-front.js';

function exchange(url: string): [IncomingMessage, ServerResponse] {
  const req = new IncomingMessage(new Socket());
  req.url = url;
  return [req, new ServerResponse(req)];
}

describe('mountInFront', () => {
  let server: Server;
  let seen: string[];

  beforeEach(() => {
    seen = [];
    server = createServer();
    server.on('request', function (this: Server, req: IncomingMessage) {
      seen.push(`framework ${req.url} ${this === server}`);
    });
  });

  it('takes what it claims and hands the rest to the listeners it found, with the server as this', () => {
    mountInFront(server, (req) => {
      if (req.url !== '/mcp') return false;
      seen.push(`front ${req.url}`);
      return true;
    });
    expect(server.listenerCount('request')).toBe(1);
    server.emit('request', ...exchange('/mcp'));
    server.emit('request', ...exchange('/other'));
    expect(seen).toEqual(['front /mcp', 'framework /other true']);
  });

  it('puts the original listeners back', () => {
    const unmount = mountInFront(server, () => true);
    unmount();
    server.emit('request', ...exchange('/mcp'));
    expect(seen).toEqual(['framework /mcp true']);
  });
});

describe('nodeServerOf', () => {
  it('is the adapter’s Node server, or undefined without one', () => {
    const server = createServer();
    expect(nodeServerOf({ getHttpServer: () => server })).toBe(server);
    expect(nodeServerOf(undefined)).toBeUndefined();
    expect(nodeServerOf({ getHttpServer: () => undefined })).toBeUndefined();
  });
});
