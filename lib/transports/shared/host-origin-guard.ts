import type { IncomingMessage } from 'node:http';
import type { ResolvedHostOriginOptions } from './host-origin.options.js';
import { parseHostHeader, parseOriginHeader } from './parse-host.js';

const LOOPBACK_NAMES = new Set(['localhost', '127.0.0.1', '[::1]', '::1']);
/** Longest refused value quoted in a message or remembered by the refusal log. */
const MAX_QUOTED = 200;

/** Why the guard refused a request: the header, its value and the option that would accept it. */
export interface HostOriginRefusal {
  header: 'Host' | 'Origin';
  /** The refused value, lower-cased and cut at 200 characters. */
  value: string;
  /** The 403 message, e.g. `Host "mcp.example.com" is not allowed`. */
  reason: string;
  /** Why the rule refused it, for the log line. */
  rule: string;
  /** The option entry that would accept it, e.g. `allowedHosts: ['mcp.example.com']`. */
  allowWith: string;
}

function isLoopbackAddress(address: string | undefined): boolean {
  if (!address) return false;
  return address === '::1' || address.startsWith('127.') || address.startsWith('::ffff:127.');
}

/** The port of an Origin URL or a `Host` value, `''` when none is written (the default). */
function portOf(value: URL | string): string {
  if (typeof value !== 'string') return value.port;
  const colon = value.lastIndexOf(':');
  return colon === -1 || value.endsWith(']') ? '' : value.slice(colon + 1);
}

function hostname(hostHeader: string): string {
  const value = hostHeader.toLowerCase();
  if (value.startsWith('[')) return value.slice(0, value.indexOf(']') + 1);
  const colon = value.lastIndexOf(':');
  return colon === -1 ? value : value.slice(0, colon);
}

function refusal(
  header: 'Host' | 'Origin',
  sent: string,
  rule: string,
  option: 'allowedHosts' | 'allowedOrigins',
): HostOriginRefusal {
  const value = sent.toLowerCase().slice(0, MAX_QUOTED);
  return {
    header,
    value,
    reason: `${header} "${sent.slice(0, MAX_QUOTED)}" is not allowed`,
    rule,
    allowWith: `${option}: ['${header === 'Host' ? hostname(value) : value}']`,
  };
}

/**
 * DNS-rebinding protection. `Host` is checked on a loopback-bound socket (it must name loopback)
 * or when `allowedHosts` is set (it must be listed); behind a domain without `allowedHosts` any
 * `Host` passes. An `Origin`, when present, must be listed in `allowedOrigins` or be the server's
 * own origin: same-origin with `Host`, or, on a loopback socket, another loopback name with the
 * same port (`http://localhost:3000` for `127.0.0.1:3000`). A loopback page on another port is
 * another local app and is refused unless listed. Returns why a request is refused, or
 * undefined when it passes.
 */
export function checkOrigin(
  req: IncomingMessage,
  options: ResolvedHostOriginOptions,
): HostOriginRefusal | undefined {
  if (!options.dnsRebindingProtection) return undefined;
  const headers = req.headers; // one call of Node's getter for both reads
  const host = headers.host;
  const origin = headers.origin;
  const loopback = isLoopbackAddress(req.socket.localAddress);
  if (lastAccepted.matches(options, host, origin, loopback)) return undefined;
  const refused = verdict(options, host ?? '', origin, loopback);
  if (!refused) lastAccepted.remember(options, host, origin, loopback);
  return refused;
}

/**
 * The last request {@link checkOrigin} accepted: the verdict depends only on the options, the
 * `Host` and `Origin` values and whether the socket is loopback, and a client sends the same
 * values on every request. Compared with these (string compares, no hashing), a request like the
 * last accepted one passes without the set lookups and URL checks. Refusals are never remembered.
 */
class AcceptedMemo {
  private options: ResolvedHostOriginOptions | undefined = undefined;
  private host: string | undefined = undefined;
  private origin: string | undefined = undefined;
  private loopback = false;

  matches(
    options: ResolvedHostOriginOptions,
    host: string | undefined,
    origin: string | undefined,
    loopback: boolean,
  ): boolean {
    return (
      options === this.options &&
      host === this.host &&
      origin === this.origin &&
      loopback === this.loopback
    );
  }

  remember(
    options: ResolvedHostOriginOptions,
    host: string | undefined,
    origin: string | undefined,
    loopback: boolean,
  ): void {
    this.options = options;
    this.host = host;
    this.origin = origin;
    this.loopback = loopback;
  }
}

const lastAccepted = new AcceptedMemo();

/** {@link checkOrigin}'s rules, for a request it has not just accepted. */
function verdict(
  options: ResolvedHostOriginOptions,
  hostHeader: string,
  origin: string | undefined,
  loopback: boolean,
): HostOriginRefusal | undefined {
  const parsed = parseHostHeader(hostHeader);
  const hostAllowed =
    parsed !== undefined &&
    (options.allowedHosts.has(parsed.host) ||
      options.allowedHosts.has(parsed.hostname) ||
      (loopback ? LOOPBACK_NAMES.has(parsed.hostname) : options.allowedHosts.size === 0));
  if (!hostAllowed) {
    const rule =
      parsed === undefined
        ? 'it is not host[:port] (no userinfo, a numeric port, nothing after it)'
        : loopback
          ? 'a loopback-bound server accepts only loopback names and allowedHosts'
          : 'it is not in allowedHosts';
    return refusal('Host', hostHeader, rule, 'allowedHosts');
  }

  if (origin === undefined) return undefined;
  if (options.allowedOrigins.has(origin.toLowerCase())) return undefined;
  const originUrl = parseOriginHeader(origin);
  if (originUrl) {
    if (options.allowedOrigins.has(originUrl.origin)) return undefined;
    if (originUrl.host === parsed.host) return undefined;
    // Another loopback name for this very server (localhost vs 127.0.0.1, same port) only:
    // a page of another local app (another port) is another origin.
    if (
      loopback &&
      LOOPBACK_NAMES.has(originUrl.hostname) &&
      LOOPBACK_NAMES.has(parsed.hostname) &&
      portOf(originUrl) === portOf(parsed.host)
    ) {
      return undefined;
    }
  }
  const rule =
    originUrl === undefined
      ? 'it is not scheme://host[:port]'
      : 'it is neither same-origin with Host nor in allowedOrigins';
  return refusal('Origin', origin, rule, 'allowedOrigins');
}
