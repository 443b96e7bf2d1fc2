/** Normalises a route path to `/a/b` form: no empty segments, no trailing slash, `/` for the root. */
export function normaliseRoutePath(path: string): string {
  return '/' + path.split('/').filter(Boolean).join('/');
}

/** The path of a request target without its query string or fragment (`/ws?token=x` -> `/ws`). */
export function withoutQuery(target: string): string {
  const end = target.search(/[?#]/);
  return end === -1 ? target : target.slice(0, end);
}

/** The pathname of a request target (`req.url`), without query and without a trailing slash. */
export function requestPathname(url: string | undefined): string {
  const path = withoutQuery(url ?? '/');
  return path.length > 1 && path.endsWith('/') ? path.slice(0, -1) : path;
}
