import { lookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';

/** Loopback, private, link-local, CGNAT, unspecified, multicast and reserved ranges. */
const SPECIAL_USE = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 3],
] as const) {
  SPECIAL_USE.addSubnet(network, prefix, 'ipv4');
}
for (const [network, prefix] of [
  ['::', 127], // :: and ::1
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
  ['64:ff9b::', 96],
] as const) {
  SPECIAL_USE.addSubnet(network, prefix, 'ipv6');
}

/** True when `address` (an IP literal) is loopback, private or otherwise special-use. */
export function isSpecialUseAddress(address: string): boolean {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1];
  if (mapped) return SPECIAL_USE.check(mapped, 'ipv4');
  const family = isIP(address);
  return family !== 0 && SPECIAL_USE.check(address, family === 4 ? 'ipv4' : 'ipv6');
}

/**
 * True when `hostname` is, or resolves to, any special-use address (checked before a Client ID
 * Metadata Document is fetched; the engine checks the connected socket again, against DNS
 * rebinding). A name that does not resolve counts as private: there is nothing to fetch.
 */
export async function resolvesToPrivateAddress(hostname: string): Promise<boolean> {
  const host = hostname.replace(/^\[|\]$/g, '');
  if (isIP(host)) return isSpecialUseAddress(host);
  try {
    const addresses = await lookup(host, { all: true, verbatim: true });
    return addresses.length === 0 || addresses.some((a) => isSpecialUseAddress(a.address));
  } catch {
    return true;
  }
}
