/** The well-known path of protected resource metadata (RFC 9728 §3). */
export const PROTECTED_RESOURCE_WELL_KNOWN = '/.well-known/oauth-protected-resource';

/** What the metadata document of an MCP server says about it (RFC 9728 §2). */
export interface ProtectedResourceMetadataOptions {
  /** The MCP endpoint's canonical URL, the tokens' audience (`https://api.example.com/mcp`). */
  readonly resource: string;
  /** Issuer URLs of the authorization servers that issue tokens for it (at least one). */
  readonly authorizationServers: readonly string[];
  /** Scopes clients may request (`scopes_supported`). */
  readonly scopesSupported?: readonly string[];
  /** Human-readable name (`resource_name`). */
  readonly resourceName?: string;
  /** A page for developers (`resource_documentation`). */
  readonly resourceDocumentation?: string;
  /** More members of the document, e.g. `{ resource_policy_uri }`. */
  readonly metadata?: Readonly<Record<string, unknown>>;
}

/** The RFC 9728 document: JSON with snake_case members. */
export type ProtectedResourceMetadata = Record<string, unknown> & {
  resource: string;
  authorization_servers: string[];
};

function absoluteUrl(value: string, what: string): URL {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new Error(`auth: ${what} must be an absolute URL, got ${JSON.stringify(value)}`);
  }
  if (url.hash !== '') throw new Error(`auth: ${what} must not have a fragment: ${value}`);
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    throw new Error(`auth: ${what} must be an http(s) URL: ${value}`);
  }
  return url;
}

/**
 * Checks the options at bootstrap: `resource` and each authorization server an absolute http(s)
 * URL without fragment (RFC 8707 §2), at least one authorization server.
 * @throws Error naming the bad option.
 */
export function assertProtectedResourceOptions(options: ProtectedResourceMetadataOptions): void {
  absoluteUrl(options.resource, 'resource');
  if (options.authorizationServers.length === 0) {
    throw new Error('auth: authorizationServers must name at least one authorization server');
  }
  for (const server of options.authorizationServers) absoluteUrl(server, 'authorizationServers[]');
}

/** The document served at {@link resourceMetadataUrl}. */
export function protectedResourceMetadata(
  options: ProtectedResourceMetadataOptions,
): ProtectedResourceMetadata {
  return {
    ...options.metadata,
    resource: options.resource,
    authorization_servers: [...options.authorizationServers],
    bearer_methods_supported: ['header'],
    ...(options.scopesSupported && { scopes_supported: [...options.scopesSupported] }),
    ...(options.resourceName !== undefined && { resource_name: options.resourceName }),
    ...(options.resourceDocumentation !== undefined && {
      resource_documentation: options.resourceDocumentation,
    }),
  };
}

/**
 * Where the metadata of `resource` lives: the well-known path inserted between the host and the
 * resource's path (`https://h/mcp` → `https://h/.well-known/oauth-protected-resource/mcp`).
 */
export function resourceMetadataUrl(resource: string): string {
  const url = new URL(resource);
  const path = url.pathname === '/' ? '' : url.pathname.replace(/\/$/, '');
  return `${url.origin}${PROTECTED_RESOURCE_WELL_KNOWN}${path}${url.search}`;
}
