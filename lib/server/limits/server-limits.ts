import { CapacityError, type CapacityLimit } from '../../errors/capacity.error.js';
import type { SessionAdmission } from '../../engine/transport-info.interface.js';
import type { ResolvedLimits } from './limits-options.interface.js';
import { TaskQuota } from './task-quota.js';
import type { LimitCounters } from '../../stores/limit-counters.interface.js';
import { SharedSessionCaps } from './shared-session-caps.js';

export type { SessionAdmission };

/**
 * What a refusal was counted for: a capacity limit, an HTTP body that did not arrive in time, or
 * a token that could not be checked because the authorization server was unavailable (503), or
 * a request that asked for input past `requestState.maxRounds` (-32602).
 */
export type RefusalKind =
  CapacityLimit | 'bodyTimeout' | 'authorizationUnavailable' | 'maxInputRounds';

/** Refusals counted since the server started, per kind. */
export type RefusalCounts = Record<RefusalKind, number>;

const MESSAGES: Record<Exclude<CapacityLimit, 'shutdown'>, string> = {
  maxSessions: 'Too many sessions on this server',
  maxSessionsPerPrincipal: 'Too many sessions for this principal',
  maxSessionsPerAddress: 'Too many sessions from this address',
  maxInFlightPerSession: 'Too many requests in flight on this session',
  maxStreams: 'Too many streams on this server',
  maxTasksPerOwner: 'Too many tasks for this owner',
  maxTasks: 'Too many tasks on this server',
  maxPendingClientRequestsPerSession: 'Too many requests to the client waiting on this session',
};

/**
 * The session and request caps of one server instance and the refusal counters: admits a
 * 2025-era session against `maxSessions` and the per-principal and per-address caps (released
 * when it closes), and builds each refusal as a counted {@link CapacityError}. With shared counters
 * the task caps and the Streamable HTTP session caps also count the whole service
 * ({@link TaskQuota}, {@link SharedSessionCaps}).
 */
export class ServerLimits {
  /** Refusals so far, per kind (read through `McpServer.stats()`). */
  readonly refused: RefusalCounts = {
    maxSessions: 0,
    maxSessionsPerPrincipal: 0,
    maxSessionsPerAddress: 0,
    maxInFlightPerSession: 0,
    maxStreams: 0,
    maxTasksPerOwner: 0,
    maxTasks: 0,
    maxPendingClientRequestsPerSession: 0,
    shutdown: 0,
    bodyTimeout: 0,
    authorizationUnavailable: 0,
    maxInputRounds: 0,
  };
  /** The task caps (`maxTasksPerOwner`, `maxTasks`), checked by the task engine. */
  readonly tasks: TaskQuota;
  /** The session caps for the whole service, when the instances share counters. */
  readonly sharedSessions?: SharedSessionCaps;
  private sessions = 0;
  private readonly perPrincipal = new Map<string, number>();
  private readonly perAddress = new Map<string, number>();

  constructor(
    /** The limits after defaults. */
    readonly limits: ResolvedLimits,
    /** Counters shared by the instances (Redis): the caps then count the whole service. */
    readonly counters?: LimitCounters,
  ) {
    this.tasks = new TaskQuota(this, counters);
    if (counters) this.sharedSessions = new SharedSessionCaps(counters, this);
  }

  /** Number of admitted sessions alive. */
  get sessionCount(): number {
    return this.sessions;
  }

  /**
   * Admits one session, or throws the counted refusal (total cap first, then principal, then
   * address). Returns the release to call once when the session closes.
   */
  admitSession(admission: SessionAdmission): () => void {
    this.admit(admission);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.release(admission);
    };
  }

  /**
   * Counts one session in, or throws the counted refusal (as {@link admitSession}); the caller
   * calls {@link release} with the same admission exactly once when the session closes.
   */
  admit({ principal, remoteAddress }: SessionAdmission): void {
    const { maxSessions, maxSessionsPerPrincipal, maxSessionsPerAddress } = this.limits;
    if (this.sessions >= maxSessions) throw this.refuse('maxSessions');
    if (
      principal !== undefined &&
      (this.perPrincipal.get(principal) ?? 0) >= maxSessionsPerPrincipal
    )
      throw this.refuse('maxSessionsPerPrincipal');
    if (
      remoteAddress !== undefined &&
      (this.perAddress.get(remoteAddress) ?? 0) >= maxSessionsPerAddress
    )
      throw this.refuse('maxSessionsPerAddress');
    this.sessions++;
    if (principal !== undefined) increment(this.perPrincipal, principal, 1);
    if (remoteAddress !== undefined) increment(this.perAddress, remoteAddress, 1);
  }

  /** Counts out a session {@link admit} counted in. */
  release({ principal, remoteAddress }: SessionAdmission): void {
    this.sessions--;
    if (principal !== undefined) increment(this.perPrincipal, principal, -1);
    if (remoteAddress !== undefined) increment(this.perAddress, remoteAddress, -1);
  }

  /** Counts a refusal by `limit` and returns its error (`shutdown`: the server is draining). */
  refuse(limit: CapacityLimit): CapacityError {
    this.refused[limit]++;
    const { retryAfterSeconds } = this.limits;
    if (limit === 'shutdown')
      return new CapacityError('shutdown', 'Server shutting down', retryAfterSeconds);
    const max = this.limits[limit];
    return new CapacityError(limit, `${MESSAGES[limit]} (limit ${max})`, retryAfterSeconds, max);
  }

  /** Counts a refusal the transport answered itself (e.g. an HTTP body that timed out). */
  count(kind: RefusalKind): void {
    this.refused[kind]++;
  }
}

function increment(counts: Map<string, number>, key: string, by: 1 | -1): void {
  const next = (counts.get(key) ?? 0) + by;
  if (next <= 0) counts.delete(key);
  else counts.set(key, next);
}
