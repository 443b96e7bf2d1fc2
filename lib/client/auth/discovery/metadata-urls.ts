import { McpAuthError } from '../../../errors/mcp-auth.error.js';

// Where OAuth metadata is looked for. Kept apart from the fetching and schema checks (zod), so the
// explorer page bundles these orders without a validation library.

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

/**
 * The metadata URLs of an authorization server, in the order of the MCP authorization spec: for
 * an issuer with a path (`https://as.example/tenant1`) RFC 8414 with the path inserted, OpenID
 * discovery with the path inserted, then OpenID discovery with the path appended; for an issuer
 * without one, RFC 8414 then OpenID discovery at the root.
 * @throws McpAuthError `invalid_metadata` when the issuer is not an http(s) URL.
 */
export function authorizationServerMetadataUrls(issuer: string): URL[] {
  let base: URL;
  try {
    base = new URL(issuer);
  } catch {
    throw new McpAuthError(`Invalid authorization server URL: ${issuer}`, 'invalid_metadata');
  }
  if (base.protocol !== 'https:' && base.protocol !== 'http:') {
    throw new McpAuthError(
      `Authorization server URL must be http(s): ${issuer}`,
      'invalid_metadata',
    );
  }
  const path = base.pathname.replace(/\/+$/, '');
  const at = (p: string) => new URL(p, base.origin);
  if (path === '') {
    return [at('/.well-known/oauth-authorization-server'), at('/.well-known/openid-configuration')];
  }
  return [
    at(`/.well-known/oauth-authorization-server${path}`),
    at(`/.well-known/openid-configuration${path}`),
    at(`${path}/.well-known/openid-configuration`),
  ];
}
