import type { IncomingMessage } from 'node:http';

/** How long a form or registration body may take to arrive. */
const BODY_TIMEOUT_MS = 10_000;

/**
 * Reads a small request body (a consent form, a registration) as UTF-8, refusing more than
 * `limit` bytes and a body that has not arrived within 10 s.
 * @throws Error saying which bound was crossed.
 */
export async function readLimitedBody(req: IncomingMessage, limit: number): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  const timer = setTimeout(
    () => req.destroy(new Error('body not received in time')),
    BODY_TIMEOUT_MS,
  );
  try {
    for await (const chunk of req) {
      size += (chunk as Buffer).length;
      if (size > limit) throw new Error(`body larger than ${limit} bytes`);
      chunks.push(chunk as Buffer);
    }
  } finally {
    clearTimeout(timer);
  }
  return Buffer.concat(chunks).toString('utf8');
}
