/** The metadata locations of an issuer, in the order tried: RFC 8414, then OpenID Discovery. */
export function authorizationServerMetadataUrls(issuer: string): string[] {
  const url = new URL(issuer);
  const path = url.pathname === '/' ? '' : url.pathname.replace(/\/$/, '');
  return [
    `${url.origin}/.well-known/oauth-authorization-server${path}`,
    `${url.origin}/.well-known/openid-configuration${path}`,
    `${url.origin}${path}/.well-known/openid-configuration`,
  ];
}

/**
 * Finds the `jwks_uri` of an authorization server from its metadata, whose `issuer` must be the
 * configured one (RFC 8414 §3.3).
 * @throws Error when no metadata document is found or it names another issuer.
 */
export async function discoverJwksUri(issuer: string, fetchFn: typeof fetch): Promise<string> {
  const tried: string[] = [];
  for (const url of authorizationServerMetadataUrls(issuer)) {
    const response = await fetchFn(url, { headers: { accept: 'application/json' } });
    if (!response.ok) {
      tried.push(`${url} (${response.status})`);
      continue;
    }
    const metadata = (await response.json()) as { issuer?: unknown; jwks_uri?: unknown };
    if (metadata.issuer !== issuer) {
      throw new Error(
        `The metadata at ${url} names issuer ${String(metadata.issuer)}, not ${issuer}`,
      );
    }
    if (typeof metadata.jwks_uri !== 'string') {
      throw new Error(`The metadata at ${url} has no jwks_uri`);
    }
    return metadata.jwks_uri;
  }
  throw new Error(`No authorization server metadata for ${issuer}: ${tried.join(', ')}`);
}
