import type {
  McpAuthorizationServerOptions,
  McpIdentityDecision,
} from '../authorization-server.options.js';
import { checkedUpstreamId } from './upstream-id.js';
import type {
  McpUpstreamIdentity,
  McpUpstreamProvider,
  UpstreamTokens,
} from './upstream-provider.interface.js';

/** Who signed in at an upstream, as the authorization server names them. */
export interface UpstreamSubject {
  /** The principal: `mapIdentity`'s subject, else `<provider>:<id>`. */
  subject: string;
  identity: Omit<McpUpstreamIdentity, 'subject'>;
  decision: McpIdentityDecision | undefined;
}

/**
 * Reads who the upstream tokens belong to and the principal they are (through `mapIdentity`);
 * `{ refused }` with the reason when `mapIdentity` throws.
 */
export async function upstreamSubject(
  upstream: McpUpstreamProvider,
  tokens: UpstreamTokens,
  mapIdentity: McpAuthorizationServerOptions['mapIdentity'],
): Promise<UpstreamSubject | { refused: string }> {
  const { name } = upstream;
  const identity = await upstream.identify(tokens);
  identity.id = checkedUpstreamId(name, identity.id); // the floor, for custom upstreams too
  let decision: McpIdentityDecision | undefined;
  try {
    decision = await mapIdentity?.({ ...identity, subject: `${name}:${identity.id}` });
  } catch (refusal) {
    return { refused: (refusal as Error)?.message ?? 'Sign-in refused' };
  }
  return { subject: decision?.subject ?? `${name}:${identity.id}`, identity, decision };
}
