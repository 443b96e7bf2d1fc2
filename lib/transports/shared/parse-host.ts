/** A `Host` header (or an `Origin`'s authority) parsed as the authority of a URL. */
export interface ParsedHost {
  /** Lower-cased host name; an IPv6 literal keeps its brackets (`[::1]`). */
  hostname: string;
  /** `hostname[:port]` as sent (lower-cased), the form `allowedHosts` entries are compared with. */
  host: string;
}

/** Longest `Host` value remembered by {@link parseHostHeader} (longer ones are parsed each time). */
const MAX_CACHED_HOST = 255;
/** How many distinct `Host` values are remembered before the memo starts over. */
const MAX_CACHED_HOSTS = 256;
/** Parsed `Host` values by header text (null: refused): a server sees a handful of them. */
const parsedHosts = new Map<string, Readonly<ParsedHost> | null>();
/** The last value {@link parseHostHeader} answered for, and its answer. */
let lastHost: string | undefined;
let lastParsed: Readonly<ParsedHost> | undefined;

/**
 * Parses a `Host` header with the WHATWG URL parser and accepts it only when it is exactly
 * `host[:port]`: no userinfo (`127.0.0.1:3000@evil.example`), a numeric port, no path, query or
 * fragment, and no form the parser would rewrite (`127.1`, `0x7f.0.0.1`, percent-escapes).
 * Returns undefined for anything else, so the guard refuses it. The answer depends on the text
 * alone, so it is remembered per value (a frozen object; a request no longer builds a `URL`).
 */
export function parseHostHeader(value: string): Readonly<ParsedHost> | undefined {
  // A client sends the same Host on every request: compared with the last one, the header (a
  // new string per request) is not hashed for the memo's lookup.
  if (value === lastHost) return lastParsed;
  const known = parsedHosts.get(value);
  const parsed = known !== undefined ? (known ?? undefined) : parseHost(value);
  if (value.length > MAX_CACHED_HOST) return parsed;
  if (known === undefined) {
    if (parsedHosts.size >= MAX_CACHED_HOSTS) parsedHosts.clear();
    parsedHosts.set(value, parsed ?? null);
  }
  lastHost = value;
  lastParsed = parsed;
  return parsed;
}

function parseHost(value: string): Readonly<ParsedHost> | undefined {
  const sent = value.toLowerCase();
  if (sent === '') return undefined;
  let url: URL;
  try {
    url = new URL(`http://${sent}`);
  } catch {
    return undefined;
  }
  if (!isBareAuthority(url)) return undefined;
  // The URL parser drops the scheme's default port: `host:80` is still exactly host[:port].
  if (sent !== url.host && !(url.port === '' && sent === `${url.host}:80`)) return undefined;
  return Object.freeze({ hostname: url.hostname, host: sent });
}

/**
 * Parses an `Origin` header (`scheme://host[:port]`) and returns its URL, or undefined when it
 * is not one: userinfo, a path, query or fragment, or a form the URL parser would rewrite.
 */
export function parseOriginHeader(value: string): URL | undefined {
  const sent = value.toLowerCase();
  let url: URL;
  try {
    url = new URL(sent);
  } catch {
    return undefined;
  }
  if (!isBareAuthority(url) || url.origin === 'null') return undefined;
  return sent === url.origin ? url : undefined;
}

function isBareAuthority(url: URL): boolean {
  return (
    url.username === '' &&
    url.password === '' &&
    url.pathname === '/' &&
    url.search === '' &&
    url.hash === ''
  );
}
