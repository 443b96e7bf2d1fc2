import type {
  McpOAuthClientRegistration,
  McpOAuthStore,
  McpOAuthTokens,
} from './oauth-store.interface.js';

/** The default {@link McpOAuthStore}: maps in memory, gone with the process. */
export class InMemoryOAuthStore implements McpOAuthStore {
  private readonly tokens = new Map<string, McpOAuthTokens>();
  private readonly clients = new Map<string, McpOAuthClientRegistration>();

  async getTokens(resource: string): Promise<McpOAuthTokens | undefined> {
    return this.tokens.get(resource);
  }

  async setTokens(resource: string, tokens: McpOAuthTokens | undefined): Promise<void> {
    if (tokens) this.tokens.set(resource, tokens);
    else this.tokens.delete(resource);
  }

  async getClient(issuer: string): Promise<McpOAuthClientRegistration | undefined> {
    return this.clients.get(issuer);
  }

  async setClient(issuer: string, client: McpOAuthClientRegistration | undefined): Promise<void> {
    if (client) this.clients.set(issuer, client);
    else this.clients.delete(issuer);
  }
}
