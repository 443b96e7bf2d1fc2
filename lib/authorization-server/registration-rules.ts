/**
 * A registration refused by the rules: answered 400 with `error` (RFC 7591 §3.2.2):
 * `invalid_redirect_uri` for a redirect URI, `invalid_client_metadata` for anything else.
 */
export class RegistrationRefusal extends Error {
  constructor(
    message: string,
    readonly error: 'invalid_client_metadata' | 'invalid_redirect_uri' = 'invalid_client_metadata',
  ) {
    super(message);
  }
}

const LOOPBACK_HOSTS = new Set(['127.0.0.1', '[::1]', 'localhost']);

const refuseUri = (message: string) => new RegistrationRefusal(message, 'invalid_redirect_uri');

function parse(uri: unknown): URL {
  const url = typeof uri === 'string' && URL.canParse(uri) ? new URL(uri) : undefined;
  if (!url) throw refuseUri(`redirect_uris: ${String(uri)} is not a URL`);
  if (url.hash) throw refuseUri(`redirect_uris: ${uri as string} has a fragment`);
  if (url.protocol !== 'http:' && url.protocol !== 'https:' && !isPrivateScheme(url)) {
    throw refuseUri(
      `redirect_uris: ${url.href} is neither https, http nor a private-use scheme in ` +
        'reverse-domain form (com.example.app:/callback, RFC 8252 §7.1)',
    );
  }
  return url;
}

const isLoopbackHttp = (url: URL) => url.protocol === 'http:' && LOOPBACK_HOSTS.has(url.hostname);
/**
 * A private-use scheme as RFC 8252 §7.1 has it: a reverse domain name the app controls, so with
 * a dot (`com.example.app:`). Anything else that is not http(s) (`ws:`, `view-source:`,
 * `javascript:`, `data:`, `file:`, a bare `myapp:`) is not a place to send a code.
 */
const isPrivateScheme = (url: URL) => /^[a-z][a-z0-9+-]*(\.[a-z0-9+-]+)+:$/.test(url.protocol);

/**
 * The built-in registration rules (MCP authorization, OAuth 2.1 §2.3 and RFC 8252):
 * `application_type` is inferred when absent (`native` when every redirect URI is a loopback
 * `http` URI or a private-use scheme, else `web`); a `web` client's redirect URIs must be
 * `https` (plain `http` only on loopback while the issuer itself is `http`, in development); a
 * `native` client's must be loopback `http`, `https` or a private-use scheme in reverse-domain
 * form; any other scheme is refused with `invalid_redirect_uri`. A requested
 * `scope` is dropped (RFC 7591 §2 lets the server replace it): registering with the first
 * challenge's scope would otherwise cap every later step-up.
 */
export function applyRegistrationRules(
  metadata: Record<string, unknown>,
  developmentIssuer: boolean,
): Record<string, unknown> {
  const rules = { ...metadata };
  delete rules.scope;
  const uris = rules.redirect_uris;
  if (!Array.isArray(uris) || uris.length === 0) {
    throw new RegistrationRefusal('redirect_uris: at least one redirect URI is required');
  }
  const urls = uris.map(parse);
  const type =
    rules.application_type ??
    (urls.every((u) => isLoopbackHttp(u) || isPrivateScheme(u)) ? 'native' : 'web');
  if (type !== 'web' && type !== 'native') {
    throw new RegistrationRefusal('application_type must be "web" or "native"');
  }
  rules.application_type = type;
  for (const url of urls) {
    if (type === 'web' && url.protocol !== 'https:') {
      if (!(developmentIssuer && isLoopbackHttp(url))) {
        throw refuseUri(`redirect_uris: a web client must use https (${url.href})`);
      }
    }
    if (
      type === 'native' &&
      !(isLoopbackHttp(url) || isPrivateScheme(url) || url.protocol === 'https:')
    ) {
      throw refuseUri(
        `redirect_uris: a native client must use a loopback http URI, https or a private-use scheme (${url.href})`,
      );
    }
  }
  return rules;
}
