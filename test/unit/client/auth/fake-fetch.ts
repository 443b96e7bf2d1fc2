import type { OAuthFetch } from '../../../../lib/client/auth/discovery/fetch-json.js';

/** One request a {@link fakeFetch} saw. */
export interface SeenRequest {
  url: string;
  method: string;
  headers: Headers;
  body: string;
}

/** A scripted `fetch`: answers each request with the next reply (the last one repeats). */
export function fakeFetch(replies: Array<(request: SeenRequest) => Response>): {
  fetch: OAuthFetch;
  seen: SeenRequest[];
} {
  const seen: SeenRequest[] = [];
  const fetch: OAuthFetch = (input, init = {}) => {
    const request: SeenRequest = {
      url: String(input),
      method: init.method ?? 'GET',
      headers: new Headers(init.headers),
      body: typeof init.body === 'string' ? init.body : '',
    };
    seen.push(request);
    const reply = replies[Math.min(seen.length - 1, replies.length - 1)]!;
    return Promise.resolve(reply(request));
  };
  return { fetch, seen };
}

/** A JSON response. */
export function json(
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json', ...headers },
  });
}
