// Signing in again from a panel: a call refused for its credentials (401, or 403
// `insufficient_scope` naming the scopes it needs) offers a button that re-authorizes with the
// union of the scopes held and those asked for; back on the page, the call runs again.
import { $, h } from '../dom.js';
import { state } from '../page-state.js';
import type { AuthRefusal } from './auth-refusal.js';
import { beginSignIn, type RetryCall } from './sign-in.js';

let retry: RetryCall | undefined;

/** Keeps the call to run again once the page is back and connected. */
export function holdRetry(call: RetryCall): void {
  retry = call;
}

/** The arguments of the held call when it is the tool `name`'s (given once). */
export function takeRetry(name: string): Record<string, unknown> | undefined {
  if (retry?.name !== name) return undefined;
  const args = retry.arguments;
  retry = undefined;
  return args;
}

/** The `#step-up` button: asks the user to sign in (again) for `call`, with the scopes asked. */
export function stepUpButton(refusal: AuthRefusal, call: RetryCall): HTMLElement {
  const scopes = refusal.challenge?.scope?.join(' ');
  const button = h(
    'button',
    { type: 'button', id: 'step-up', class: 'primary' },
    refusal.stepUp && scopes ? `Sign in again with scopes ${scopes}` : 'Sign in again',
  );
  button.onclick = async () => {
    button.disabled = true;
    const era = $<HTMLSelectElement>('#era').value;
    try {
      await beginSignIn(state.endpoint, refusal.challenge, { era, retry: call });
    } catch (error) {
      button.replaceWith(
        h('span', { class: 'error' }, `cannot sign in: ${(error as Error).message}`),
      );
    }
  };
  return button;
}
