import { resolvesToPrivateAddress } from './private-address.js';
import { RegistrationRefusal } from './registration-rules.js';

/**
 * The client metadata the engine fetches from (keys it signs with, the sector document) or
 * calls (back-channel notifications): every one must be `https` on a public address, as Client
 * ID Metadata Documents are. Display-only URIs (`logo_uri`, `client_uri`, `policy_uri`,
 * `tos_uri`) are never fetched by the server.
 */
export const FETCHED_CLIENT_URIS = [
  'jwks_uri',
  'sector_identifier_uri',
  'backchannel_logout_uri',
  'backchannel_client_notification_endpoint',
] as const;

/**
 * Refuses a registration (`invalid_client_metadata`) whose fetched URIs are not `https` or name,
 * or resolve to, a loopback, private, link-local or other special-use address (SSRF: cloud
 * metadata at 169.254.169.254, internal services). `allowPrivateAddresses` (development) keeps
 * the `https` rule only. The engine checks the connected socket again when it fetches.
 */
export async function assertPublicFetchedUris(
  metadata: Record<string, unknown>,
  allowPrivateAddresses: boolean,
): Promise<void> {
  for (const key of FETCHED_CLIENT_URIS) {
    const value = metadata[key];
    if (value === undefined) continue;
    const url = typeof value === 'string' && URL.canParse(value) ? new URL(value) : undefined;
    if (url?.protocol !== 'https:') {
      throw new RegistrationRefusal(`${key} must be an https URL (got ${String(value)})`);
    }
    if (!allowPrivateAddresses && (await resolvesToPrivateAddress(url.hostname))) {
      throw new RegistrationRefusal(
        `${key} must name a public address: ${url.hostname} is loopback, private or special-use`,
      );
    }
  }
}
