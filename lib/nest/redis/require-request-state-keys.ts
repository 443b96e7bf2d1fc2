import type { RequestStateOptions } from '../../server/mrtr/request-state-codec.js';

/** How to make a `requestState` key, for the bootstrap error and the docs. */
export const REQUEST_STATE_KEY_HINT = `node -e "console.log(require('node:crypto').randomBytes(32).toString('base64'))"`;

/**
 * The `requestState` options of a server on shared stores. Instances behind one endpoint must
 * seal and open 2026-07-28 input rounds with the same keys, so with the `redis` option the key
 * set comes from configuration (`requestState.keys`, newest first: it seals, every key opens),
 * never from whichever instance wrote Redis first, and a Redis flush cannot make instances
 * disagree.
 * @throws Error at bootstrap naming the option and how to make a key when `redis` is set
 *   without `requestState.keys`.
 */
export function requireRequestStateKeys(
  options: RequestStateOptions | undefined,
  shared: boolean,
): RequestStateOptions | undefined {
  if (!shared || (options?.keys?.length ?? 0) > 0) return options;
  throw new Error(
    'McpModule: the redis option needs requestState.keys, the same on every instance ' +
      '(32-byte keys, newest first; the first seals, all open, so a key is rotated by putting ' +
      `a new one first). Make one with: ${REQUEST_STATE_KEY_HINT}`,
  );
}
