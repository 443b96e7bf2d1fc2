import type { IncomingMessage } from 'node:http';
import type { ResolvedHostOriginOptions } from './host-origin.options.js';

const LOOPBACK_NAMES = new Set(['localhost', '127.0.0.1', '[::1]', '::1']);

function isLoopbackAddress(address: string | undefined): boolean {
  if (!address) return false;
  return address === '::1' || address.startsWith('127.') || address.startsWith('::ffff:127.');
}

function hostname(hostHeader: string): string {
  const value = hostHeader.toLowerCase();
  if (value.startsWith('[')) return value.slice(0, value.indexOf(']') + 1);
  const colon = value.lastIndexOf(':');
  return colon === -1 ? value : value.slice(0, colon);
}

/**
 * DNS-rebinding protection. On a loopback socket the `Host` must name loopback (or be allowed);
 * an `Origin`, when present, must be allowed, same-origin with `Host`, or loopback on a loopback
 * socket. Returns the reason a request is refused, or undefined when it passes.
 */
export function checkOrigin(
  req: IncomingMessage,
  options: ResolvedHostOriginOptions,
): string | undefined {
  if (!options.dnsRebindingProtection) return undefined;
  const host = (req.headers.host ?? '').toLowerCase();
  const loopback = isLoopbackAddress(req.socket.localAddress);
  const hostAllowed =
    options.allowedHosts.has(host) ||
    options.allowedHosts.has(hostname(host)) ||
    (loopback ? LOOPBACK_NAMES.has(hostname(host)) : options.allowedHosts.size === 0);
  if (!hostAllowed) return `Host "${host}" is not allowed`;

  const origin = req.headers.origin;
  if (origin === undefined) return undefined;
  const normalized = origin.toLowerCase();
  if (options.allowedOrigins.has(normalized)) return undefined;
  let originUrl: URL;
  try {
    originUrl = new URL(normalized);
  } catch {
    return `Origin "${origin}" is not allowed`;
  }
  if (originUrl.host === host) return undefined;
  if (loopback && LOOPBACK_NAMES.has(originUrl.hostname)) return undefined;
  return `Origin "${origin}" is not allowed`;
}
