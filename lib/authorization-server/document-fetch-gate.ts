import type { WindowCounters } from '../stores/limit-counters.interface.js';
import { FixedWindowLimiter, type McpRateLimit } from './fixed-window-limiter.js';

/** Budgets of Client ID Metadata Document fetches (`clientIdMetadataDocuments.fetchLimits`). */
export interface McpDocumentFetchLimits {
  /** Fetches one client address may cause. Default 10 per minute. */
  perAddress?: McpRateLimit;
  /** Fetches of the whole server. Default 100 per minute. */
  total?: McpRateLimit;
  /** How long a document that could not be fetched (or was refused) is not tried again, ms. Default 60 000. */
  failureTtlMs?: number;
}

/** Most remembered failed documents; the oldest are forgotten first. */
const MAX_FAILURES = 10_000;

/**
 * Decides whether a Client ID Metadata Document may be fetched now, so `/authorize` cannot be used
 * to make the server fetch URLs as fast as a client asks: a per-address and a total budget, and
 * a memory of documents that failed (not fetched again for `failureTtlMs`, whoever asks). It
 * also remembers which URLs it let through, so the engine's fetch can tell a document fetch from
 * another one (a client's `jwks_uri`).
 */
export class DocumentFetchGate {
  private readonly perAddress: FixedWindowLimiter;
  private readonly total: FixedWindowLimiter;
  private readonly failureTtlMs: number;
  /** URL → when its failure is forgotten (insertion order: oldest first). */
  private readonly failures = new Map<string, number>();
  /** URLs allowed and about to be fetched (the engine fetches right after allowing). */
  private readonly pending = new Set<string>();

  constructor(limits: McpDocumentFetchLimits = {}) {
    this.perAddress = new FixedWindowLimiter(
      limits.perAddress ?? { limit: 10, windowMs: 60_000 },
      undefined,
      'document-fetch',
    );
    this.total = new FixedWindowLimiter(
      limits.total ?? { limit: 100, windowMs: 60_000 },
      undefined,
      'document-fetches',
    );
    this.failureTtlMs = limits.failureTtlMs ?? 60_000;
  }

  /**
   * Counts both budgets in `counters`, shared by the instances (Redis), so they hold for the
   * whole service (the memory of failed documents stays per instance).
   */
  useCounters(counters: WindowCounters): void {
    this.perAddress.shared = counters;
    this.total.shared = counters;
  }

  /** True when `url` may be fetched now for `address` (counted against both budgets). */
  async admit(url: string, address: string | undefined, now = Date.now()): Promise<boolean> {
    const until = this.failures.get(url);
    if (until !== undefined) {
      if (until > now) return false;
      this.failures.delete(url);
    }
    if ((await this.perAddress.take(address ?? 'unknown', now)) > 0) return false;
    return (await this.total.take('all', now)) === 0;
  }

  /** Notes that `url` is about to be fetched as a metadata document. */
  fetching(url: string): void {
    if (this.pending.size >= 1000) this.pending.clear(); // fetches that never came
    this.pending.add(url);
  }

  /** True (once) when the engine's fetch of `url` is the document fetch allowed just before. */
  isDocumentFetch(url: string): boolean {
    return this.pending.delete(url);
  }

  /** Remembers that `url` failed (unreachable, refused, not 2xx, private address). */
  failed(url: string, now = Date.now()): void {
    this.failures.delete(url);
    if (this.failures.size >= MAX_FAILURES) {
      this.failures.delete(this.failures.keys().next().value!);
    }
    this.failures.set(url, now + this.failureTtlMs);
  }
}
