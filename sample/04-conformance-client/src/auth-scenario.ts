import { McpOAuthClient, type McpClient, type McpOAuthInteraction } from '../../../lib/index.js';

/** The CIMD URL the conformance suite expects as `client_id` (scenario auth/basic-cimd). */
const CLIENT_METADATA_URL = 'https://conformance-test.local/client-metadata.json';

/** What the auth scenarios pass in `MCP_CONFORMANCE_CONTEXT` (auth/pre-registration). */
interface AuthContext {
  client_id?: string;
  client_secret?: string;
  issuer?: string;
}

/**
 * The user of a headless run: the conformance authorization server answers the authorization
 * URL with a redirect to our redirect URI carrying `code`, `state` and `iss`, so following that
 * one hop (without loading the redirect URI, which nothing serves) is the whole consent.
 */
export const headlessInteraction: McpOAuthInteraction = {
  redirectUri: () => 'http://127.0.0.1:3000/callback',
  async authorize(authorizationUrl) {
    const response = await fetch(authorizationUrl, { redirect: 'manual' });
    await response.body?.cancel();
    const location = response.headers.get('location');
    if (response.status < 300 || response.status > 399 || !location) {
      throw new Error(`The authorization endpoint answered ${response.status} without a redirect`);
    }
    return new URL(location, authorizationUrl);
  },
};

/** The OAuth client of an `auth/*` scenario, with the pre-registered client its context names. */
export function conformanceAuth(context: unknown): McpOAuthClient {
  const { client_id, client_secret } = (context ?? {}) as AuthContext;
  return new McpOAuthClient({
    interaction: headlessInteraction,
    clientMetadataUrl: CLIENT_METADATA_URL,
    clientMetadata: { client_name: 'nestjs-mcp-conformance-client' },
    ...(client_id !== undefined && {
      client: { clientId: client_id, clientSecret: client_secret },
    }),
  });
}

/** The part of an auth scenario after connecting: list the tools, call `test-tool` when listed. */
export async function runAuthScenario(client: McpClient): Promise<void> {
  const tools = await client.listAllTools();
  if (tools.some((tool) => tool.name === 'test-tool')) await client.callTool('test-tool', {});
}
