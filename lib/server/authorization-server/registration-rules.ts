/** A registration refused by the rules: answered `400 invalid_client_metadata`. */
export class RegistrationRefusal extends Error {}

const LOOPBACK_HOSTS = new Set(['127.0.0.1', '[::1]', 'localhost']);

function parse(uri: unknown): URL {
  const url = typeof uri === 'string' && URL.canParse(uri) ? new URL(uri) : undefined;
  if (!url) throw new RegistrationRefusal(`redirect_uris: ${String(uri)} is not a URL`);
  if (url.hash) throw new RegistrationRefusal(`redirect_uris: ${uri as string} has a fragment`);
  return url;
}

const isLoopbackHttp = (url: URL) => url.protocol === 'http:' && LOOPBACK_HOSTS.has(url.hostname);
const isPrivateScheme = (url: URL) => url.protocol !== 'http:' && url.protocol !== 'https:';

/**
 * The built-in registration rules (MCP authorization, OAuth 2.1 §2.3 and RFC 8252):
 * `application_type` is inferred when absent (`native` when every redirect URI is a loopback
 * `http` URI or a private-use scheme, else `web`); a `web` client's redirect URIs must be
 * `https` (plain `http` only on loopback while the issuer itself is `http`, in development); a
 * `native` client's must be loopback `http`, `https` or a private-use scheme. A requested
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
        throw new RegistrationRefusal(`redirect_uris: a web client must use https (${url.href})`);
      }
    }
    if (
      type === 'native' &&
      !(isLoopbackHttp(url) || isPrivateScheme(url) || url.protocol === 'https:')
    ) {
      throw new RegistrationRefusal(
        `redirect_uris: a native client must use a loopback http URI, https or a private-use scheme (${url.href})`,
      );
    }
  }
  return rules;
}
