/** The connection closed before a request was answered. */
export class ConnectionClosedError extends Error {
  constructor(reason = 'Connection closed') {
    super(reason);
    this.name = 'ConnectionClosedError';
  }
}
