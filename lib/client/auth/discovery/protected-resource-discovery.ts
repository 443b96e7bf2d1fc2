import { McpAuthError } from '../../../errors/mcp-auth.error.js';
import { fetchMetadata, type OAuthFetch } from './fetch-json.js';
import {
  ProtectedResourceMetadataSchema,
  type ProtectedResourceMetadata,
} from './oauth-metadata.js';

const PRM_WELL_KNOWN = '/.well-known/oauth-protected-resource';

/**
 * Where Protected Resource Metadata is looked for, in order (RFC 9728, MCP authorization):
 * the `resource_metadata` URL of the server's `WWW-Authenticate` challenge first, then the
 * well-known URL with the resource's path (`/.well-known/oauth-protected-resource/mcp`), then
 * the well-known URL at the root.
 */
export function protectedResourceMetadataUrls(serverUrl: URL, resourceMetadata?: string): URL[] {
  const urls: URL[] = [];
  if (resourceMetadata !== undefined) {
    try {
      urls.push(new URL(resourceMetadata, serverUrl));
    } catch {
      throw new McpAuthError(
        `The resource_metadata URL of the WWW-Authenticate challenge is invalid: ${resourceMetadata}`,
        'invalid_www_authenticate',
      );
    }
  }
  const path = serverUrl.pathname.replace(/\/+$/, '');
  if (path !== '') urls.push(new URL(`${PRM_WELL_KNOWN}${path}`, serverUrl.origin));
  urls.push(new URL(PRM_WELL_KNOWN, serverUrl.origin));
  return urls.filter((url, i) => urls.findIndex((u) => u.href === url.href) === i);
}

/** Protected Resource Metadata found, with the URL it came from. */
export interface DiscoveredResource {
  metadata: ProtectedResourceMetadata;
  url: URL;
}

/**
 * Finds the Protected Resource Metadata of an MCP server in the order of
 * {@link protectedResourceMetadataUrls}; undefined when no location has one (a 2025-03-26
 * server: the client then treats the server's origin as its authorization server).
 * @throws McpAuthError `invalid_metadata` when a location answers 2xx with a broken document.
 */
export async function discoverProtectedResource(
  fetchFn: OAuthFetch,
  serverUrl: URL,
  resourceMetadata?: string,
): Promise<DiscoveredResource | undefined> {
  for (const url of protectedResourceMetadataUrls(serverUrl, resourceMetadata)) {
    const result = await fetchMetadata(
      fetchFn,
      url,
      ProtectedResourceMetadataSchema,
      'Protected Resource Metadata',
    );
    if (result.found) return { metadata: result.value, url };
  }
  return undefined;
}
