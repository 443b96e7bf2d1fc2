import type { ServerResponse } from 'node:http';

/** Writes an OAuth error answer (RFC 6749 §5.2 shape): `{ error, error_description }`, no-store. */
export function jsonError(
  res: ServerResponse,
  status: number,
  error: string,
  description: string,
  headers = {},
): void {
  res.writeHead(status, {
    'content-type': 'application/json',
    'cache-control': 'no-store',
    ...headers,
  });
  res.end(JSON.stringify({ error, error_description: description }));
}
