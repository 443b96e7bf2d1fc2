import { AesGcmKeyRing } from '../../engine/aes-gcm-key-ring.js';
import type { McpLogger } from '../../engine/logger.interface.js';
import type { McpAuthorizationServerOptions } from '../authorization-server.options.js';
import type { McpAuthorizationStore } from '../store/authorization-store.interface.js';
import type { McpUpstreamProvider } from '../upstream/upstream-provider.interface.js';
import { ReconnectRoute } from './reconnect-route.js';
import { UpstreamTokenVault } from './upstream-token-vault.js';

/**
 * The vault of kept upstream tokens and its reconnect page, when an upstream keeps its tokens
 * (`keepTokens`); nothing otherwise. The key set is `upstreamTokens.keys` (checked here: a bad
 * key fails startup naming it); without keys, one random key for this process, said at warn.
 */
export function keptUpstreamTokens(
  options: McpAuthorizationServerOptions,
  store: McpAuthorizationStore,
  upstreams: ReadonlyMap<string, McpUpstreamProvider>,
  cookieKeys: readonly string[],
  logger: McpLogger,
): { vault?: UpstreamTokenVault; reconnect?: ReconnectRoute } {
  if (![...upstreams.values()].some((u) => u.keepTokens)) return {};
  const keys = new AesGcmKeyRing(options.upstreamTokens?.keys, 'upstreamTokens.keys');
  if (keys.usesDefaultKey) {
    logger.warn(
      'Authorization server: kept upstream tokens are sealed with a key made at startup; set upstreamTokens.keys so they survive restarts and other instances read them',
    );
  }
  const issuer = new URL(options.issuer).origin;
  const vault = new UpstreamTokenVault(store, upstreams, keys, cookieKeys, issuer, logger);
  return { vault, reconnect: new ReconnectRoute(vault, upstreams, options, cookieKeys[0]!) };
}
