import type { IncomingMessage, ServerResponse } from 'node:http';
import type { McpLogger } from '../engine/logger.interface.js';
import { readLimitedBody } from './read-limited-body.js';
import type { McpAuthorizationServerOptions } from './authorization-server.options.js';
import { ACCOUNT_MODEL, INTERACTION_PATH } from './engine-configuration.js';
import type { Engine, InteractionDetails } from './engine.interface.js';
import { accountLabel, chooseUpstreamPage, consentPage, errorPage } from './pages/consent-page.js';
import { PAGE_HEADERS } from './pages/html-page.js';
import { openValue, readCookie, safeEqual, sign } from './signed-value.js';
import type { McpAuthorizationStore } from './store/authorization-store.interface.js';
import { UpstreamSignInError } from './upstream/upstream-error.js';
import type { McpUpstreamProvider } from './upstream/upstream-provider.interface.js';
import { exchangeUpstreamCode, type UpstreamAttempt } from './upstream/upstream-sign-in.js';
import { upstreamSubject } from './upstream/upstream-subject.js';
import {
  CALLBACK_PATH,
  callbackUrl,
  redirect,
  redirectToUpstream,
  UPSTREAM_COOKIE,
} from './upstream-redirect.js';
import type { ReconnectRoute } from './upstream-tokens/reconnect-route.js';
import { RECONNECT_PATH, type UpstreamTokenVault } from './upstream-tokens/upstream-token-vault.js';

const FORM_LIMIT_BYTES = 16_384;

/** What the interaction pages need. */
export interface InteractionContext {
  engine: Engine;
  options: McpAuthorizationServerOptions;
  upstreams: Map<string, McpUpstreamProvider>;
  store: McpAuthorizationStore;
  cookieKeys: string[];
  firstParty: ReadonlySet<string>;
  logger: McpLogger;
  /** The kept upstream tokens, when an upstream keeps them. */
  vault?: UpstreamTokenVault;
  /** Signing in with an upstream again for kept tokens, when an upstream keeps them. */
  reconnect?: ReconnectRoute;
}

function page(res: ServerResponse, status: number, html: string): void {
  res.writeHead(status, PAGE_HEADERS);
  res.end(html);
}

async function readForm(req: IncomingMessage): Promise<URLSearchParams> {
  const parsed = (req as IncomingMessage & { body?: unknown }).body;
  if (parsed && typeof parsed === 'object') {
    return new URLSearchParams(parsed as Record<string, string>);
  }
  return new URLSearchParams(await readLimitedBody(req, FORM_LIMIT_BYTES));
}

/** Splits `items` into those `keep` accepts and the rest. */
function split(items: string[], keep: (item: string) => boolean): [string[], string[]] {
  return [items.filter(keep), items.filter((item) => !keep(item))];
}

/**
 * The sign-in and consent steps of an authorization (`/oauth/interaction/<uid>[/...]`) and the
 * upstream's return (`/oauth/callback/<name>`). Login: straight to the one upstream (or a page
 * to pick one); the upstream identity becomes the account. Consent: a page listing the client
 * and scopes (skipped for first-party clients), Allow or Deny. A failure is a page with a
 * sentence, never a stack; an unreachable upstream is a 502 page.
 */
export class InteractionRoutes {
  constructor(private readonly ctx: InteractionContext) {}

  /** Serves `req` when it is an interaction or callback URL; false when it is not one. */
  async serve(req: IncomingMessage, res: ServerResponse, path: string): Promise<boolean> {
    try {
      if (path.startsWith(CALLBACK_PATH)) {
        await this.callback(req, res, path.slice(CALLBACK_PATH.length));
        return true;
      }
      if (path.startsWith(RECONNECT_PATH) && this.ctx.reconnect) {
        await this.ctx.reconnect.start(req, res, path.slice(RECONNECT_PATH.length));
        return true;
      }
      if (!path.startsWith(INTERACTION_PATH)) return false;
      const [uid, action, name] = path.slice(INTERACTION_PATH.length).split('/');
      if (!uid) return false;
      let details: InteractionDetails;
      try {
        details = await this.ctx.engine.interactionDetails(req, res);
      } catch {
        page(
          res,
          400,
          errorPage(
            'Sign-in expired',
            'This sign-in has expired or was opened in another browser.',
          ),
        );
        return true;
      }
      if (details.uid !== uid) {
        page(
          res,
          400,
          errorPage('Sign-in expired', 'This sign-in link does not match your browser.'),
        );
        return true;
      }
      if (action === 'confirm' && req.method === 'POST') await this.confirm(req, res, details);
      else if (action === 'upstream' && name) await this.toUpstream(res, details, name);
      else if (details.prompt.name === 'login') await this.login(res, details);
      else if (details.prompt.name === 'consent') await this.consent(req, res, details);
      else page(res, 400, errorPage('Sign-in failed', 'This step is not supported.'));
    } catch (error) {
      this.fail(res, error);
    }
    return true;
  }

  private fail(res: ServerResponse, error: unknown): void {
    if (error instanceof UpstreamSignInError) {
      const label = this.ctx.upstreams.get(error.provider)?.label ?? error.provider;
      this.ctx.logger.warn(`Sign-in with ${label} failed: ${error.message}`);
      if (!res.headersSent) {
        page(
          res,
          502,
          errorPage(`Cannot sign in with ${label}`, `${error.message}. Try again in a moment.`),
        );
      }
      return;
    }
    this.ctx.logger.error(
      `Authorization interaction failed: ${(error as Error)?.message ?? error}`,
    );
    if (!res.headersSent)
      page(res, 500, errorPage('Sign-in failed', 'Something went wrong. Try again.'));
  }

  private async login(res: ServerResponse, details: InteractionDetails): Promise<void> {
    const upstreams = [...this.ctx.upstreams.values()];
    if (upstreams.length === 1) return this.toUpstream(res, details, upstreams[0]!.name);
    page(
      res,
      200,
      chooseUpstreamPage(
        upstreams.map((u) => ({
          href: `${INTERACTION_PATH}${details.uid}/upstream/${u.name}`,
          label: u.label,
        })),
      ),
    );
  }

  private async toUpstream(res: ServerResponse, details: InteractionDetails, name: string) {
    const upstream = this.ctx.upstreams.get(name);
    if (!upstream) return page(res, 404, errorPage('Sign-in failed', 'Unknown identity provider.'));
    const { issuer } = this.ctx.options;
    await redirectToUpstream(res, issuer, this.ctx.cookieKeys[0]!, upstream, details.uid);
  }

  private async callback(req: IncomingMessage, res: ServerResponse, name: string): Promise<void> {
    const query = new URL(req.url ?? '/', 'http://x').searchParams;
    const attempt = openValue<UpstreamAttempt>(
      this.ctx.cookieKeys,
      readCookie(req.headers.cookie, UPSTREAM_COOKIE),
    );
    const upstream = this.ctx.upstreams.get(name);
    const state = query.get('state') ?? '';
    if (!upstream || !attempt || attempt.provider !== name || !safeEqual(attempt.state, state)) {
      return page(
        res,
        400,
        errorPage(
          'Sign-in failed',
          'This sign-in response does not belong to a sign-in started in this browser.',
        ),
      );
    }
    const clear = `${UPSTREAM_COOKIE}=; Path=${CALLBACK_PATH}; HttpOnly; SameSite=Lax; Max-Age=0`;
    if (attempt.reconnect && this.ctx.reconnect) {
      return this.ctx.reconnect.finish(res, upstream, query, attempt, clear);
    }
    const interaction = await this.ctx.engine.Interaction.find(attempt.uid);
    if (!interaction)
      return page(
        res,
        400,
        errorPage(
          'Sign-in expired',
          'This sign-in has expired. Start again from your application.',
        ),
      );
    const upstreamError = query.get('error');
    const code = query.get('code');
    let result: Record<string, unknown>;
    if (upstreamError || !code) {
      result = {
        error: 'access_denied',
        error_description: `Sign-in with ${upstream.label} did not complete (${upstreamError ?? 'no code'})`,
      };
    } else {
      result = await this.signIn(upstream, code, attempt);
    }
    interaction.result = result;
    await interaction.save(Math.max(1, interaction.exp - Math.floor(Date.now() / 1000)));
    redirect(res, interaction.returnTo, clear);
  }

  /**
   * Exchanges the upstream code, reads who signed in and records the account (claims, the
   * scopes `mapIdentity` allows): the interaction's login result, or `access_denied` when
   * `mapIdentity` throws.
   */
  private async signIn(
    upstream: McpUpstreamProvider,
    code: string,
    attempt: UpstreamAttempt,
  ): Promise<Record<string, unknown>> {
    const { name } = upstream;
    const redirectUri = callbackUrl(this.ctx.options.issuer, name);
    const tokens = await exchangeUpstreamCode(upstream, code, attempt, redirectUri);
    const who = await upstreamSubject(upstream, tokens, this.ctx.options.mapIdentity);
    if ('refused' in who) return { error: 'access_denied', error_description: who.refused };
    const { subject, identity, decision } = who;
    await this.ctx.store(ACCOUNT_MODEL).upsert(
      subject,
      {
        claims: {
          ...(identity.email !== undefined && { email: identity.email }),
          ...(identity.name !== undefined && { name: identity.name }),
          ...(identity.username !== undefined && { preferred_username: identity.username }),
        },
        ...(decision?.scopes !== undefined && { scopes: decision.scopes }),
        provider: name,
      },
      30 * 86_400,
    );
    if (upstream.keepTokens) await this.ctx.vault?.keep(subject, name, tokens);
    return { login: { accountId: subject } };
  }

  private csrf(uid: string): string {
    return sign(this.ctx.cookieKeys[0]!, `consent:${uid}`);
  }

  private requested(details: InteractionDetails) {
    const d = details.prompt.details as {
      missingOIDCScope?: string[];
      missingOIDCClaims?: string[];
      missingResourceScopes?: Record<string, string[]>;
    };
    return {
      oidc: d.missingOIDCScope ?? [],
      claims: d.missingOIDCClaims ?? [],
      resources: Object.entries(d.missingResourceScopes ?? {}),
    };
  }

  private async consent(req: IncomingMessage, res: ServerResponse, details: InteractionDetails) {
    const clientId = String(details.params.client_id);
    if (this.ctx.firstParty.has(clientId)) return this.grant(req, res, details);
    const client = await this.ctx.engine.Client.find(clientId);
    const { oidc, resources } = this.requested(details);
    const descriptions = this.ctx.options.scopeDescriptions ?? {};
    const names = [...new Set([...resources.flatMap(([, s]) => s), ...oidc])];
    const redirectUri = String(details.params.redirect_uri ?? '');
    const accountId = details.session?.accountId;
    const account = accountId ? await this.ctx.store(ACCOUNT_MODEL).find(accountId) : undefined;
    page(
      res,
      200,
      consentPage({
        action: `${INTERACTION_PATH}${details.uid}/confirm`,
        csrf: this.csrf(details.uid),
        clientName: client?.clientName ?? clientId,
        clientId,
        redirectOrigin: URL.canParse(redirectUri) ? new URL(redirectUri).origin : redirectUri,
        resource: resources[0]?.[0] ?? this.ctx.options.resource,
        scopes: names.map((n) => ({
          name: n,
          ...(descriptions[n] && { description: descriptions[n] }),
        })),
        signedInAs: accountLabel(accountId ?? 'unknown', account?.claims),
      }),
    );
  }

  private async confirm(req: IncomingMessage, res: ServerResponse, details: InteractionDetails) {
    const origin = req.headers.origin;
    if (
      origin !== undefined &&
      origin !== 'null' &&
      origin !== new URL(this.ctx.options.issuer).origin
    ) {
      return page(res, 403, errorPage('Refused', 'This form was posted from another site.'));
    }
    const form = await readForm(req);
    if (!safeEqual(form.get('csrf') ?? '', this.csrf(details.uid))) {
      return page(res, 403, errorPage('Refused', 'This form is not the one we sent.'));
    }
    if (form.get('decision') !== 'allow') {
      return this.ctx.engine.interactionFinished(
        req,
        res,
        { error: 'access_denied', error_description: 'The user refused access' },
        { mergeWithLastSubmission: false },
      );
    }
    return this.grant(req, res, details);
  }

  /** Grants what was asked, within what `mapIdentity` allows this account. */
  private async grant(req: IncomingMessage, res: ServerResponse, details: InteractionDetails) {
    const { engine } = this.ctx;
    const accountId = details.session!.accountId;
    const account = await this.ctx.store(ACCOUNT_MODEL).find(accountId);
    const allowed = Array.isArray(account?.scopes)
      ? new Set(account.scopes as string[])
      : undefined;
    const keep = (s: string) =>
      !allowed || allowed.has(s) || s === 'openid' || s === 'offline_access';
    const grant =
      (details.grantId ? await engine.Grant.find(details.grantId) : undefined) ??
      new engine.Grant({ accountId, clientId: String(details.params.client_id) });
    const { oidc, claims, resources } = this.requested(details);
    const [oidcKept, oidcRefused] = split(oidc, keep);
    if (oidcKept.length) grant.addOIDCScope(oidcKept.join(' '));
    if (oidcRefused.length) grant.rejectOIDCScope(oidcRefused.join(' '));
    if (claims.length) grant.addOIDCClaims(claims);
    for (const [indicator, scopes] of resources) {
      const [kept, refused] = split(scopes, keep);
      if (kept.length) grant.addResourceScope(indicator, kept.join(' '));
      // Refused, not left missing: the engine would ask for consent again.
      if (refused.length) grant.rejectResourceScope(indicator, refused.join(' '));
    }
    const grantId = await grant.save();
    await this.ctx.vault?.bindToGrant(accountId, grantId); // kept upstream tokens go with it
    await engine.interactionFinished(
      req,
      res,
      { consent: { grantId } },
      { mergeWithLastSubmission: true },
    );
  }
}
