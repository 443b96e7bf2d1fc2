import type { JsonRpcMessage } from '../../protocol/json-rpc.js';

/** Why a message on a client's reply address was dropped (see {@link strayReason}). */
export type StrayKind = 'unknown' | 'misaddressed' | 'unreadable';

/**
 * What a client transport knows of one message that arrived on its reply address: the request it
 * names (the `mcp-request-id` header, or a response's own id, JSON-encoded) and the request whose
 * reply address it came on (the unguessable reply tag the link gave that request only).
 */
export interface ReplyFacts {
  readonly message: JsonRpcMessage | undefined;
  /** The request the message says it belongs to (header or response id). */
  readonly claimed: string | undefined;
  /** The pending request whose reply address it arrived on; undefined: none (ended, unknown). */
  readonly via: string | undefined;
  /** The client holds a 2025-era session (the service may send messages related to no request). */
  readonly inSession: boolean;
}

/**
 * Whether a message on a client's reply address must be dropped, and why: a message naming a
 * request must arrive on that request's own reply address while it is pending (a late answer to
 * an ended request, or anyone else on the broker answering a request id, is `unknown`; a message
 * naming a request in flight but arriving on another request's address is `misaddressed`);
 * outside a 2025-era session nothing comes unrelated to a request; progress always names one.
 * Undefined: deliver it.
 */
export function strayReason(
  facts: ReplyFacts,
  pending: (key: string) => boolean,
): StrayKind | undefined {
  const { message, claimed, via, inSession } = facts;
  if (claimed !== undefined && claimed !== via)
    return pending(claimed) ? 'misaddressed' : 'unknown';
  if (via !== undefined) return undefined;
  if (!inSession) return 'unknown';
  if (message && 'method' in message && message.method === 'notifications/progress') {
    return 'unknown';
  }
  return undefined;
}

const WHY: Record<StrayKind, string> = {
  unknown:
    'dropped a reply that matches no request in flight (a late answer to a request that ended, or a message from someone else on the broker)',
  misaddressed:
    "dropped a reply naming a request in flight that did not come on that request's own reply address (forged or misrouted)",
  unreadable: 'dropped an unreadable reply',
};

/**
 * Reports dropped replies once per kind for the life of a transport: anyone who can publish to
 * the broker can flood a reply address, and a flood must not become a flood of log lines.
 */
export class StrayReplies {
  private readonly reported = new Set<StrayKind>();

  constructor(
    private readonly description: string,
    private readonly report: (error: Error) => void,
  ) {}

  /** Reports the first message dropped for `kind`; later ones are dropped silently. */
  drop(kind: StrayKind, detail?: string): void {
    if (this.reported.has(kind)) return;
    this.reported.add(kind);
    const more = detail === undefined ? '' : `: ${detail}`;
    this.report(
      new Error(`${this.description}: ${WHY[kind]}${more} (further ones are not logged)`),
    );
  }
}
