// Where the page signs in for an MCP endpoint: its Protected Resource Metadata (RFC 9728, from
// the challenge's `resource_metadata` or the well-known URLs), then the metadata of the
// authorization server it names (RFC 8414 / OpenID discovery), checked as the SDK's client does.
import {
  authorizationServerMetadataUrls,
  protectedResourceMetadataUrls,
} from '../../../lib/client/auth/discovery/metadata-urls.js';
import type { BearerChallenge } from '../../../lib/client/auth/discovery/www-authenticate.js';
import { checkResource } from '../../../lib/client/auth/resource-indicator.js';

type Json = Record<string, unknown>;

/** What the page needs to sign in for one endpoint. */
export interface SignInTarget {
  /** The RFC 8707 `resource` (as the metadata publishes it). */
  resource: string;
  /** The authorization server's issuer (checked against its metadata). */
  issuer: string;
  authorizationEndpoint: string;
  tokenEndpoint: string;
  registrationEndpoint?: string;
  /** The server takes Client ID Metadata Documents (`client_id_metadata_document_supported`). */
  metadataDocuments: boolean;
  /** RFC 9207: the server sends `iss` with its responses. */
  issSupported: boolean;
  /** The resource's `scopes_supported`. */
  resourceScopes: string[];
}

const strings = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];

/** GETs a JSON object; undefined for any non-2xx answer or a body that is not one. */
async function getJson(url: URL): Promise<Json | undefined> {
  const res = await fetch(url, { headers: { accept: 'application/json' } }).catch(() => undefined);
  if (!res?.ok) return undefined;
  const body = (await res.json().catch(() => undefined)) as unknown;
  return body !== null && typeof body === 'object' && !Array.isArray(body)
    ? (body as Json)
    : undefined;
}

/**
 * Finds where to sign in for `endpoint`: its resource metadata (which must name this endpoint),
 * the first authorization server it lists, and that server's metadata (whose `issuer` must be
 * the one listed, with authorization and token endpoints and PKCE `S256`).
 * @throws Error with what is missing, for the page's status line.
 */
export async function discoverSignIn(
  endpoint: URL,
  challenge: BearerChallenge | undefined,
): Promise<SignInTarget> {
  let prm: Json | undefined;
  for (const url of protectedResourceMetadataUrls(endpoint, challenge?.resourceMetadata)) {
    prm = await getJson(url);
    if (typeof prm?.resource === 'string') break;
    prm = undefined;
  }
  if (!prm) throw new Error(`No protected resource metadata for ${endpoint.href}`);
  const resource = checkResource(String(prm.resource), endpoint);
  const issuer = strings(prm.authorization_servers)[0];
  if (!issuer)
    throw new Error(`The resource metadata of ${resource} names no authorization server`);
  let as: Json | undefined;
  for (const url of authorizationServerMetadataUrls(issuer)) {
    as = await getJson(url);
    if (as) break;
  }
  if (!as) throw new Error(`No authorization server metadata for ${issuer}`);
  if (as.issuer !== issuer) {
    throw new Error(`The metadata of ${issuer} names issuer ${String(as.issuer)}: refused`);
  }
  const { authorization_endpoint: authorize, token_endpoint: token } = as;
  if (typeof authorize !== 'string' || typeof token !== 'string') {
    throw new Error(`${issuer} publishes no authorization or token endpoint`);
  }
  if (!strings(as.code_challenge_methods_supported).includes('S256')) {
    throw new Error(`${issuer} does not support PKCE S256: the explorer does not sign in there`);
  }
  return {
    resource,
    issuer,
    authorizationEndpoint: authorize,
    tokenEndpoint: token,
    ...(typeof as.registration_endpoint === 'string' && {
      registrationEndpoint: as.registration_endpoint,
    }),
    metadataDocuments: as.client_id_metadata_document_supported === true,
    issSupported: as.authorization_response_iss_parameter_supported === true,
    resourceScopes: strings(prm.scopes_supported),
  };
}
