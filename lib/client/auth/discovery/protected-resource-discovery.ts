import { fetchMetadata, type OAuthFetch } from './fetch-json.js';
import { protectedResourceMetadataUrls } from './metadata-urls.js';
import {
  ProtectedResourceMetadataSchema,
  type ProtectedResourceMetadata,
} from './oauth-metadata.js';

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
