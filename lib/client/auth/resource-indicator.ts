import { McpAuthError } from '../../errors/mcp-auth.error.js';

/** The canonical URI of an MCP server (RFC 8707 resource): its URL without fragment. */
export function canonicalResource(serverUrl: URL): string {
  const url = new URL(serverUrl.href);
  url.hash = '';
  return url.href;
}

/**
 * Checks that the `resource` of Protected Resource Metadata identifies the server the client
 * talks to: same origin, and the server's path inside the resource's path (a resource
 * `https://x/` covers `https://x/mcp`). Returns it unchanged: the client sends it exactly as
 * published.
 * @throws McpAuthError `resource_mismatch` for another server's resource or an invalid URI.
 */
export function checkResource(resource: string, serverUrl: URL): string {
  let parsed: URL;
  try {
    parsed = new URL(resource);
  } catch {
    throw new McpAuthError(
      `The protected resource "${resource}" is not a URI`,
      'resource_mismatch',
    );
  }
  const path = parsed.pathname.replace(/\/+$/, '');
  const serverPath = serverUrl.pathname;
  const inside = serverPath === path || serverPath.startsWith(`${path}/`) || path === '';
  if (parsed.origin !== serverUrl.origin || !inside) {
    throw new McpAuthError(
      `The protected resource metadata is for "${resource}", not for ${canonicalResource(serverUrl)}: refusing to authorize`,
      'resource_mismatch',
    );
  }
  return resource;
}
