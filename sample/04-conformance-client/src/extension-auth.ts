import {
  ClientCredentialsGrant,
  EnterpriseManagedGrant,
  JwtBearerGrant,
  McpGrantOAuthClient,
  McpOAuthClient,
  withDpop,
  type McpHttpAuth,
} from '../../../lib/index.js';
import { headlessInteraction } from './auth-scenario.js';

/** What the extension scenarios pass in `MCP_CONFORMANCE_CONTEXT`. */
interface ExtensionContext {
  client_id?: string;
  client_secret?: string;
  /** auth/client-credentials-jwt: a PKCS#8 PEM and its algorithm. */
  private_key_pem?: string;
  signing_algorithm?: string;
  /** auth/enterprise-managed-authorization: the enterprise IdP. */
  idp_client_id?: string;
  idp_id_token?: string;
  idp_issuer?: string;
  idp_token_endpoint?: string;
  /** auth/wif-jwt-bearer: the workload's JWT (the context also has broken ones to try by hand). */
  valid_jwt?: string;
}

/** A context field the scenario must have sent. */
function field(context: ExtensionContext, name: keyof ExtensionContext): string {
  const value = context[name];
  if (typeof value !== 'string') throw new Error(`MCP_CONFORMANCE_CONTEXT has no ${name}`);
  return value;
}

/**
 * The auth of the extension scenarios (`conformance list` marks them [extension]): the grants
 * without a browser and DPoP. Undefined for every other scenario (the core auth client runs it).
 */
export function extensionAuth(scenario: string, raw: unknown): McpHttpAuth | undefined {
  const context = (raw ?? {}) as ExtensionContext;
  switch (scenario) {
    case 'auth/client-credentials-basic':
      return new McpGrantOAuthClient({
        grant: new ClientCredentialsGrant({
          authentication: {
            method: 'client_secret_basic',
            clientId: field(context, 'client_id'),
            clientSecret: field(context, 'client_secret'),
          },
        }),
      });
    case 'auth/client-credentials-jwt':
      return new McpGrantOAuthClient({
        grant: new ClientCredentialsGrant({
          authentication: {
            method: 'private_key_jwt',
            clientId: field(context, 'client_id'),
            privateKey: field(context, 'private_key_pem'),
            algorithm: context.signing_algorithm ?? 'ES256',
          },
        }),
      });
    case 'auth/wif-jwt-bearer':
      return new McpGrantOAuthClient({
        grant: new JwtBearerGrant({
          assertion: field(context, 'valid_jwt'),
          clientId: field(context, 'client_id'),
        }),
      });
    case 'auth/enterprise-managed-authorization':
      return new McpGrantOAuthClient({
        grant: new EnterpriseManagedGrant({
          idp: {
            tokenEndpoint: field(context, 'idp_token_endpoint'),
            issuer: field(context, 'idp_issuer'),
            idToken: field(context, 'idp_id_token'),
            authentication: { method: 'none', clientId: field(context, 'idp_client_id') },
          },
          authentication: {
            method: 'client_secret_basic',
            clientId: field(context, 'client_id'),
            clientSecret: field(context, 'client_secret'),
          },
        }),
      });
    case 'auth/dpop':
    case 'auth/dpop-nonce':
      return withDpop(
        (fetch) =>
          new McpOAuthClient({
            interaction: headlessInteraction,
            clientMetadata: { client_name: 'nestjs-mcp-conformance-client' },
            fetch,
          }),
      );
    default:
      return undefined;
  }
}
