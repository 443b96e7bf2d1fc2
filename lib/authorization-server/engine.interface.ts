import type { IncomingMessage, ServerResponse } from 'node:http';

/** The parts of an `oidc-provider` instance this module uses (typed here: it is optional). */
export interface Engine {
  proxy: boolean;
  callback(): (req: IncomingMessage, res: ServerResponse) => void;
  interactionDetails(req: IncomingMessage, res: ServerResponse): Promise<InteractionDetails>;
  interactionFinished(
    req: IncomingMessage,
    res: ServerResponse,
    result: Record<string, unknown>,
    options?: { mergeWithLastSubmission?: boolean },
  ): Promise<void>;
  on(event: string, listener: (...args: unknown[]) => void): void;
  /** Adds a grant type to the token endpoint: its handler, parameters and repeatable ones. */
  registerGrantType(
    name: string,
    handler: (ctx: never) => Promise<void>,
    params: string[],
    dupes: string[],
  ): void;
  /** Adds a Koa middleware in front of the engine's routes (it sees `ctx.oidc` after `next`). */
  use(middleware: (ctx: EngineContext, next: () => Promise<void>) => Promise<void>): void;
  Interaction: {
    find(uid: string): Promise<StoredInteraction | undefined>;
  };
  Grant: {
    new (init: { accountId: string; clientId: string }): EngineGrant;
    find(id: string): Promise<EngineGrant | undefined>;
  };
  Client: { find(id: string): Promise<{ clientId: string; clientName?: string } | undefined> };
}

/** The parts of the engine's Koa context a middleware of ours reads and writes. */
export interface EngineContext {
  status: number;
  body: unknown;
  /** Sets a response header. */
  set(field: string, value: string): void;
  oidc?: {
    route?: string;
    client?: { clientId: string };
    params?: Record<string, unknown>;
  };
}

/** An interaction as `interactionDetails` returns it. */
export interface InteractionDetails {
  uid: string;
  prompt: { name: string; details: Record<string, unknown> };
  params: Record<string, unknown>;
  session?: { accountId: string };
  grantId?: string;
}

/** A stored interaction, resumed from the upstream callback. */
export interface StoredInteraction {
  uid: string;
  exp: number;
  returnTo: string;
  result?: Record<string, unknown>;
  save(ttlSeconds: number): Promise<string>;
}

/** A grant being extended by consent. */
export interface EngineGrant {
  addOIDCScope(scope: string): void;
  addOIDCClaims(claims: string[]): void;
  addResourceScope(resource: string, scope: string): void;
  rejectOIDCScope(scope: string): void;
  rejectResourceScope(resource: string, scope: string): void;
  save(): Promise<string>;
}
