// What an MCP App view may declare in `_meta.ui.csp`: origins, and nothing a CSP would read as
// more (a keyword, a bare scheme, a `*`, a second source or directive after a space or `;`).
const CSP_ORIGIN =
  /^(?:https?|wss?):\/\/(?:\*\.)?[a-z0-9-]+(?:\.[a-z0-9-]+)*(?::(?:\d{1,5}|\*))?\/?$/i;

/**
 * True when `domain` is an origin a CSP source list may carry for a view: `http`, `https`, `ws` or
 * `wss`, a host name or IPv4 address (a leading `*.` allowed), an optional port. Used when a view
 * is registered and again by the explorer's sandbox, which builds the view's CSP header from
 * whatever the server sent.
 */
export function isCspOrigin(domain: unknown): domain is string {
  return typeof domain === 'string' && domain.length <= 253 && CSP_ORIGIN.test(domain);
}
