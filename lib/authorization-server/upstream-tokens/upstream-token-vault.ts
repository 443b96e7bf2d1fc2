import type { AesGcmKeyRing } from '../../engine/aes-gcm-key-ring.js';
import type { McpLogger } from '../../engine/logger.interface.js';
import {
  UpstreamSignInRequiredError,
  type UpstreamSignInReason,
} from '../../errors/upstream-sign-in-required.error.js';
import type { McpUpstreamTokenSource } from '../../server/auth/upstream-token-source.interface.js';
import { GRANT_ID_CLAIM } from '../grant-revocations.js';
import { openValue, sealValue } from '../signed-value.js';
import type { McpAuthorizationStore } from '../store/authorization-store.interface.js';
import { UpstreamSignInError } from '../upstream/upstream-error.js';
import type {
  McpUpstreamProvider,
  UpstreamTokens,
} from '../upstream/upstream-provider.interface.js';
import { refreshUpstreamTokens } from '../upstream/upstream-sign-in.js';
import {
  openUpstreamTokens,
  sealUpstreamTokens,
  upstreamRecordId,
  type KeptUpstreamTokens,
} from './sealed-upstream-tokens.js';

/**
 * The store model of kept upstream tokens: `{ upstream, sealed, expiresAt, grantId? }`, keyed by
 * {@link upstreamRecordId}; `grantId` is the grant the user last authorized with, so the record
 * goes when that grant is revoked (the store's `revokeByGrantId`).
 */
export const UPSTREAM_TOKENS_MODEL = 'McpUpstreamTokens';
/** Path of the page that signs a user in with an upstream again: `/oauth/reconnect/<name>`. */
export const RECONNECT_PATH = '/oauth/reconnect/';
/** How long a kept record lives without a refresh token's renewal (and at most). */
const KEPT_SECONDS = 30 * 86_400;
/** An access token this close to its expiry is renewed first. */
const EXPIRY_SKEW_SECONDS = 30;
/** How long a reconnect link is good for. */
const TICKET_SECONDS = 600;

/** What a reconnect link carries (signed with the cookie keys). */
export interface ReconnectTicket {
  /** The principal. */
  s: string;
  /** The upstream's name. */
  u: string;
  /** The elicitation completed when the user is back. */
  e: string;
  /** Expiry, epoch seconds. */
  x: number;
  /** The grant of the access token that asked (its `grant_id`), when it named one. */
  g?: string;
}

const nowSeconds = () => Date.now() / 1000;

/** When an access token living `expiresIn` seconds is renewed: 30 s (at most half its life) early. */
const renewAt = (expiresIn: number) =>
  nowSeconds() + expiresIn - Math.min(EXPIRY_SKEW_SECONDS, expiresIn / 2);

/**
 * The signed-in users' upstream tokens, for the upstreams that keep them (`keepTokens`): sealed
 * (AES-256-GCM, the `upstreamTokens.keys` set) in the authorization server's store, one record
 * per principal and upstream; handed out fresh (renewed with the refresh token when expired, one
 * renewal at a time per principal and upstream in this process); a record that cannot be opened
 * or renewed means the user signs in again, through {@link signInUrl}. Tokens are never logged.
 */
export class UpstreamTokenVault implements McpUpstreamTokenSource {
  private readonly inFlight = new Map<string, Promise<string>>();
  private readonly signedInListeners: Array<(elicitationId: string) => void> = [];

  constructor(
    private readonly store: McpAuthorizationStore,
    private readonly upstreams: ReadonlyMap<string, McpUpstreamProvider>,
    private readonly keys: AesGcmKeyRing,
    private readonly cookieKeys: readonly string[],
    private readonly issuer: string,
    private readonly logger: McpLogger,
  ) {}

  /** True when `upstream` keeps its users' tokens. */
  keeps(upstream: string): boolean {
    return this.upstreams.get(upstream)?.keepTokens === true;
  }

  /**
   * Keeps the tokens `subject` just got from `upstream` (sign-in, renewal, reconnect), owned by
   * `grantId` when known (see {@link bindToGrant}).
   */
  async keep(
    subject: string,
    upstream: string,
    tokens: UpstreamTokens,
    grantId?: string,
  ): Promise<void> {
    const kept: KeptUpstreamTokens = {
      access_token: tokens.access_token,
      ...(tokens.refresh_token !== undefined && { refresh_token: tokens.refresh_token }),
      ...(tokens.expires_in !== undefined && { renew_at: renewAt(tokens.expires_in) }),
    };
    const lifetime =
      kept.refresh_token === undefined && tokens.expires_in !== undefined
        ? Math.min(KEPT_SECONDS, tokens.expires_in)
        : KEPT_SECONDS;
    const seconds = Math.max(1, lifetime);
    await this.store(UPSTREAM_TOKENS_MODEL).upsert(
      upstreamRecordId(subject, upstream),
      {
        upstream,
        sealed: sealUpstreamTokens(this.keys, subject, upstream, kept),
        expiresAt: Math.floor(nowSeconds()) + seconds,
        ...(grantId !== undefined && { grantId }),
      },
      seconds,
    );
  }

  /**
   * Gives `subject`'s kept records to `grantId`, the grant they just authorized (after their
   * sign-in with the upstream): revoking that grant (sign-out, a reused refresh token, RFC 7009)
   * deletes the upstream tokens with it.
   */
  async bindToGrant(subject: string, grantId: string): Promise<void> {
    const models = this.store(UPSTREAM_TOKENS_MODEL);
    for (const [name, provider] of this.upstreams) {
      if (!provider.keepTokens) continue;
      const id = upstreamRecordId(subject, name);
      const record = await models.find(id);
      if (!record || record.grantId === grantId) continue;
      const left = Number(record.expiresAt) - Math.floor(nowSeconds());
      await models.upsert(
        id,
        { ...record, grantId },
        Number.isFinite(left) ? Math.max(1, left) : KEPT_SECONDS,
      );
    }
  }

  /** {@inheritDoc McpUpstreamTokenSource.accessToken} */
  accessToken(subject: string, upstream: string): Promise<string> {
    const id = upstreamRecordId(subject, upstream);
    let pending = this.inFlight.get(id);
    if (!pending) {
      pending = this.fresh(id, subject, upstream).finally(() => this.inFlight.delete(id));
      this.inFlight.set(id, pending);
    }
    return pending;
  }

  /** {@inheritDoc McpUpstreamTokenSource.signInUrl} */
  signInUrl(
    subject: string,
    upstream: string,
    elicitationId: string,
    claims?: Readonly<Record<string, unknown>>,
  ): string {
    const grantId = claims?.[GRANT_ID_CLAIM];
    const ticket: ReconnectTicket = {
      s: subject,
      u: upstream,
      e: elicitationId,
      x: nowSeconds() + TICKET_SECONDS,
      ...(typeof grantId === 'string' && { g: grantId }),
    };
    const url = new URL(`${RECONNECT_PATH}${encodeURIComponent(upstream)}`, this.issuer);
    url.searchParams.set('ticket', sealValue(this.cookieKeys[0]!, ticket));
    return url.href;
  }

  /** The ticket of a reconnect link for `upstream`, or undefined when altered or expired. */
  openTicket(sealed: string | null, upstream: string): ReconnectTicket | undefined {
    const ticket = openValue<ReconnectTicket>(this.cookieKeys, sealed ?? undefined);
    if (!ticket || ticket.u !== upstream || !(ticket.x > nowSeconds())) return undefined;
    if (ticket.g !== undefined && typeof ticket.g !== 'string') return undefined;
    return typeof ticket.s === 'string' && typeof ticket.e === 'string' ? ticket : undefined;
  }

  /** {@inheritDoc McpUpstreamTokenSource.onSignedIn} */
  onSignedIn(listener: (elicitationId: string) => void): void {
    this.signedInListeners.push(listener);
  }

  /** Tells the listeners the user of `elicitationId` is signed in again. */
  signedIn(elicitationId: string): void {
    for (const listener of this.signedInListeners) listener(elicitationId);
  }

  private async fresh(id: string, subject: string, upstream: string): Promise<string> {
    const provider = this.upstreams.get(upstream);
    if (!provider?.keepTokens) {
      throw new Error(`The upstream "${upstream}" does not keep its tokens (keepTokens: true)`);
    }
    const record = await this.store(UPSTREAM_TOKENS_MODEL).find(id);
    if (!record) throw this.signInRequired(upstream, 'not_signed_in');
    const kept = openUpstreamTokens(this.keys, subject, upstream, record.sealed);
    if (!kept) {
      this.logger.warn(
        `Kept ${upstream} tokens of a user cannot be opened (altered, or sealed with a key no longer in upstreamTokens.keys); the user must sign in with ${upstream} again`,
      );
      await this.store(UPSTREAM_TOKENS_MODEL).destroy(id);
      throw this.signInRequired(upstream, 'unreadable');
    }
    if (kept.renew_at === undefined || kept.renew_at > nowSeconds()) {
      return kept.access_token;
    }
    if (kept.refresh_token === undefined) throw this.signInRequired(upstream, 'expired');
    let renewed: UpstreamTokens;
    try {
      renewed = await refreshUpstreamTokens(provider, kept.refresh_token);
    } catch (error) {
      const status = error instanceof UpstreamSignInError ? error.status : undefined;
      if (status === undefined || status >= 500) throw error; // unreachable: try again later
      this.logger.warn(`${upstream} refused to renew a user's access (${status})`);
      await this.store(UPSTREAM_TOKENS_MODEL).destroy(id);
      throw this.signInRequired(upstream, 'refresh_refused');
    }
    // An upstream that does not rotate refresh tokens keeps the one it issued.
    const grantId = typeof record.grantId === 'string' ? record.grantId : undefined;
    await this.keep(subject, upstream, { refresh_token: kept.refresh_token, ...renewed }, grantId);
    return renewed.access_token;
  }

  private signInRequired(upstream: string, reason: UpstreamSignInReason) {
    return new UpstreamSignInRequiredError(upstream, reason);
  }
}
