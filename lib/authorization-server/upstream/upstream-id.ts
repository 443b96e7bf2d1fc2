import { UpstreamSignInError } from './upstream-error.js';

/** A GitHub user id: a positive integer. */
export const GITHUB_USER_ID = /^[1-9][0-9]{0,19}$/;
/** A Google account's `sub`: digits, at most 255. */
export const GOOGLE_SUBJECT = /^[0-9]{1,255}$/;
/**
 * An OpenID Connect `sub` (OIDC Core §2: at most 255 ASCII characters): printable ASCII without
 * spaces or control characters. Also the floor for every upstream, custom ones included.
 */
export const OIDC_SUBJECT = /^[\x21-\x7e]{1,255}$/;

/**
 * The upstream's user id when it has the shape `pattern` says (and the OIDC floor); else an
 * {@link UpstreamSignInError}: the sign-in is refused with a page saying so, and no principal is
 * made from an id like `1<script>...`. The id is not quoted in the message.
 */
export function checkedUpstreamId(provider: string, id: string, pattern = OIDC_SUBJECT): string {
  if (typeof id !== 'string' || !OIDC_SUBJECT.test(id) || !pattern.test(id)) {
    throw new UpstreamSignInError(
      'The identity provider named the signed-in user with an id that is not a valid user id',
      provider,
    );
  }
  return id;
}
