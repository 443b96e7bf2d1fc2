import { randomUUID } from 'node:crypto';
import { McpError } from '../../errors/mcp.error.js';
import { UpstreamSignInRequiredError } from '../../errors/upstream-sign-in-required.error.js';
import type { McpAuthInfo } from '../auth/mcp-auth-info.interface.js';
import { authInfoOfRequest } from '../auth/request-auth-info.js';
import type { RequestScope } from './request-scope.interface.js';
import { elicitUrl, urlElicitationRequired } from './url-elicitation.js';

/**
 * `ctx.auth`: who the verified access token says is calling, and the user's tokens at the
 * upstream identity provider they signed in with, for tools that act as them there.
 */
export class McpHandlerAuth {
  constructor(private readonly scope: RequestScope) {}

  /** The verified access token's facts (`McpAuthInfo`), or undefined when none was checked. */
  get info(): McpAuthInfo | undefined {
    return authInfoOfRequest(this.scope.transport.request);
  }

  /** The token's subject (`sub`), or undefined. */
  get subject(): string | undefined {
    return this.info?.subject;
  }

  /** The granted scopes (empty without a verified token). */
  get scopes(): readonly string[] {
    return this.info?.scopes ?? [];
  }

  /**
   * A fresh access token of the signed-in user at `upstream` (`'github'`), kept by the in-app
   * authorization server for an upstream with `keepTokens`, refreshed there when it expired. Use
   * it to call the upstream's API; never return or log it. When the user must sign in with the
   * upstream again, a client that takes URL elicitations is sent to do so (2025-11-25: the call
   * fails with `-32042`, whose URL signs them in and keeps the new tokens, and the client may
   * retry; 2026-07-28: an input round, then one more try); any other client gets the
   * {@link UpstreamSignInRequiredError}.
   * @throws UpstreamSignInRequiredError, UrlElicitationRequiredError, or McpError (-32600) when
   * the request has no signed-in subject; Error when no token source is configured.
   */
  async upstreamToken(upstream: string): Promise<string> {
    const source = this.scope.notifier.authSources?.upstreamTokens;
    if (!source) {
      throw new Error(
        'ctx.auth.upstreamToken() needs McpAuthorizationServerModule with an upstream that keeps its tokens (keepTokens: true)',
      );
    }
    const subject = this.subject;
    if (subject === undefined) {
      throw McpError.invalidRequest('This tool acts as the signed-in user; sign in first');
    }
    try {
      return await source.accessToken(subject, upstream);
    } catch (error) {
      if (!(error instanceof UpstreamSignInRequiredError) || !this.takesUrlElicitation) throw error;
      const elicitationId = randomUUID();
      const url = source.signInUrl(subject, upstream, elicitationId, this.info?.claims);
      const message = `Sign in with ${upstream} again so this tool can act for you there`;
      if (this.scope.protocol.era !== 'modern') {
        throw urlElicitationRequired(this.scope, [{ url, message, elicitationId }]);
      }
      const answer = await elicitUrl(this.scope, { url, message, elicitationId });
      if (answer.action !== 'accept') throw error;
      return source.accessToken(subject, upstream);
    }
  }

  /**
   * A short-lived access token of the signed-in user for the downstream API `resource`
   * (`'https://api.internal'`), exchanged (RFC 8693) at the in-app authorization server for the
   * caller's own access token: same `sub`, `aud` the resource, the `scopes` asked for (default:
   * all the caller's token and the audience allow), `act` naming the MCP server. Use it to call
   * that API; never return or log it.
   * @throws TokenExchangeRefusal (`invalid_target` for an audience not configured,
   * `invalid_scope` for scopes beyond both, `invalid_grant` when the caller's token no longer
   * holds), McpError (-32600) when the request has no verified token; Error when no exchange is
   * configured.
   */
  async exchangeToken(resource: string, options: { scopes?: string[] } = {}): Promise<string> {
    const exchange = this.scope.notifier.authSources?.tokenExchange;
    if (!exchange) {
      throw new Error(
        'ctx.auth.exchangeToken() needs McpAuthorizationServerModule with tokenExchange.audiences',
      );
    }
    const info = this.info;
    if (info?.subject === undefined) {
      throw McpError.invalidRequest('This tool acts as the signed-in user; sign in first');
    }
    return exchange.exchange(info.token, resource, options.scopes);
  }

  private get takesUrlElicitation(): boolean {
    const elicitation = this.scope.protocol.clientCapabilities.elicitation;
    return elicitation !== undefined && 'url' in elicitation;
  }
}
