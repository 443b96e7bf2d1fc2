import { escapeHtml, htmlPage } from './html-page.js';

/** What the consent page shows. */
export interface ConsentView {
  /** The form's action (the interaction's confirm URL). */
  action: string;
  /** The CSRF token of this interaction. */
  csrf: string;
  /** The client's name, or its id when it has none. */
  clientName: string;
  clientId: string;
  /** Where the answer goes (the redirect URI's origin). */
  redirectOrigin: string;
  /** The MCP resource asked for. */
  resource: string;
  /** The scopes asked, with their descriptions when known. */
  scopes: Array<{ name: string; description?: string }>;
  /** Who is signed in, as {@link accountLabel} words it. */
  signedInAs: string;
}

/**
 * Who is signed in, as a person reads it: the name and e-mail the identity provider gave
 * (`Ada Lovelace <ada@example.com>`), else the username, else the subject itself; the subject
 * follows in brackets when a name stands before it, so two accounts of one person stay apart.
 */
export function accountLabel(subject: string, claims?: unknown): string {
  const c = (claims ?? {}) as Record<string, unknown>;
  const text = (k: string) => (typeof c[k] === 'string' && c[k] ? (c[k] as string) : undefined);
  const name = text('name') ?? text('preferred_username');
  const email = text('email');
  const who = name && email ? `${name} <${email}>` : (name ?? email);
  return who ? `${who} (${subject})` : subject;
}

/**
 * The consent page: which client asks for which scopes on which resource, and where the answer
 * goes; two buttons, Allow and Deny, posting `decision` with the CSRF token. Accessible: one
 * heading, a labelled list, real buttons, visible focus.
 */
export function consentPage(view: ConsentView): string {
  const scopes = view.scopes.length
    ? view.scopes
        .map(
          (s) =>
            `<li><code>${escapeHtml(s.name)}</code>` +
            (s.description ? ` — ${escapeHtml(s.description)}` : '') +
            `</li>`,
        )
        .join('')
    : '<li>Access with no particular permission</li>';
  return htmlPage(
    `Allow ${view.clientName}?`,
    `<h1 id="title">Allow <strong>${escapeHtml(view.clientName)}</strong> to use your account?</h1>` +
      `<p class="muted">Signed in as ${escapeHtml(view.signedInAs)}</p>` +
      `<p>It asks for access to <code>${escapeHtml(view.resource)}</code> with:</p>` +
      `<ul aria-labelledby="title" id="scopes">${scopes}</ul>` +
      `<p class="muted">Client id <code>${escapeHtml(view.clientId)}</code>; ` +
      `you will be sent back to <code>${escapeHtml(view.redirectOrigin)}</code>.</p>` +
      `<form method="post" action="${escapeHtml(view.action)}">` +
      `<input type="hidden" name="csrf" value="${escapeHtml(view.csrf)}">` +
      `<div class="actions">` +
      `<button class="primary" type="submit" name="decision" value="allow">Allow</button>` +
      `<button type="submit" name="decision" value="deny">Deny</button>` +
      `</div></form>`,
  );
}

/** The page that lets the user pick an identity provider when there are several. */
export function chooseUpstreamPage(links: Array<{ href: string; label: string }>): string {
  return htmlPage(
    'Sign in',
    `<h1>Sign in</h1><p>Choose how to sign in:</p><div class="actions">` +
      links
        .map(
          (l) =>
            `<a class="button primary" href="${escapeHtml(l.href)}">Sign in with ${escapeHtml(l.label)}</a>`,
        )
        .join('') +
      `</div>`,
  );
}

/** A refusal or failure page: a title, a sentence for the user, never a stack. */
export function errorPage(title: string, message: string): string {
  return htmlPage(
    title,
    `<h1>${escapeHtml(title)}</h1><p role="alert">${escapeHtml(message)}</p>` +
      `<p class="muted">You can close this window and try again from your application.</p>`,
  );
}
