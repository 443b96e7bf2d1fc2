import { connect } from 'node:net';

/** Whether something accepts TCP connections on 127.0.0.1:`port` now. */
export function isListening(port: number): Promise<boolean> {
  return new Promise<boolean>((done) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => done(socket.destroy() === socket));
    socket.once('error', () => done(false));
  });
}
