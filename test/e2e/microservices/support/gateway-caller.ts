/**
 * The gateway's auth layer in these e2e, reduced to a header: `x-user` names the caller (a real
 * app runs its bearer/OAuth guard), and the SDK clients send it on every request.
 */

/** Express middleware setting `req.user` from the `x-user` header. */
export function userFromHeader(
  req: { headers: Record<string, string>; user?: unknown },
  _res: unknown,
  next: () => void,
): void {
  const user = req.headers['x-user'];
  if (user) req.user = { sub: user };
  next();
}

/** A fetch that calls as `user` (adds the `x-user` header). */
export function fetchAs(user: string): typeof fetch {
  return (input, init) => {
    const headers = new Headers(init?.headers);
    headers.set('x-user', user);
    return fetch(input, { ...init, headers });
  };
}
