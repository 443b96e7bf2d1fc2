import { request, type ClientRequest } from 'node:http';
import { openMcpSession } from './mcp-session.js';

/** GET streams held open by the benchmark (one per session). */
export interface OpenStreams {
  /** Streams whose priming event arrived. */
  readonly opened: number;
  /** Closes every stream. */
  close(): void;
}

/** Opens `count` sessions, spread over `urls` in turn, and returns their headers. */
export async function openSessions(urls: string[], count: number) {
  const sessions: Array<{ url: string; headers: Record<string, string> }> = [];
  for (let i = 0; i < count; i++) {
    const url = urls[i % urls.length];
    sessions.push({ url, headers: await openMcpSession(url) });
  }
  return sessions;
}

/**
 * Opens the standalone GET stream of each session on the instance that opened it (each on a
 * connection of its own) and waits for each stream's priming event.
 */
export async function openStreams(
  sessions: Array<{ url: string; headers: Record<string, string> }>,
): Promise<OpenStreams> {
  const requests: ClientRequest[] = [];
  let opened = 0;
  const batch = 100;
  for (let i = 0; i < sessions.length; i += batch) {
    await Promise.all(
      sessions.slice(i, i + batch).map(
        ({ url, headers }) =>
          new Promise<void>((resolve) => {
            const { accept: _, 'content-type': __, ...rest } = headers;
            const req = request(url, {
              method: 'GET',
              agent: false,
              headers: { ...rest, accept: 'text/event-stream' },
            });
            requests.push(req);
            req.on('response', (res) => {
              res.setEncoding('utf8');
              let seen = '';
              const onData = (chunk: string) => {
                seen += chunk;
                if (!seen.includes('\n\n')) return;
                res.off('data', onData);
                res.resume();
                if (res.statusCode === 200) opened++;
                resolve();
              };
              res.on('data', onData);
              res.on('end', resolve);
            });
            req.on('error', () => resolve());
            req.end();
          }),
      ),
    );
  }
  return {
    get opened() {
      return opened;
    },
    close: () => {
      for (const req of requests) req.destroy();
    },
  };
}
