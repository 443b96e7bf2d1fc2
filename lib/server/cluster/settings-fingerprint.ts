import { createHmac } from 'node:crypto';
import { toKey, type RequestStateOptions } from '../mrtr/request-state-codec.js';
import type { McpLimitsOptions } from '../limits/limits-options.interface.js';
import type { ProtocolEras } from '../../protocol/modern/protocol-eras.js';

/** The label each `requestState` key signs for its fingerprint (never the key itself). */
const KEY_LABEL = 'nestjs-mcp requestState key fingerprint v1';

/**
 * What an instance publishes so the instances of one service can see that they agree: a
 * fingerprint per `requestState` key (newest first: HMAC-SHA256 of a fixed label under the key,
 * 16 hex digits; the keys cannot be recovered from it) and the settings that would split
 * behaviour when instances differ (plain values, no secrets).
 */
export interface SettingsFingerprint {
  /** Fingerprints of the `requestState` keys, newest (sealing) first. */
  readonly keys: readonly string[];
  /** Settings that must be equal on every instance, by option name. */
  readonly settings: Readonly<Record<string, unknown>>;
}

/** The options compared across instances (besides the keys); listed in the limits guide. */
export interface ComparedOptions {
  protocolEras?: ProtocolEras;
  protocolVersions?: readonly string[];
  requestState?: RequestStateOptions;
  limits?: McpLimitsOptions;
  sessionIdleTimeoutMs?: number;
  stateless?: boolean;
}

/** Computes the fingerprint of an instance's options. */
export function settingsFingerprint(options: ComparedOptions): SettingsFingerprint {
  const keys = (options.requestState?.keys ?? []).map((key, index) =>
    createHmac('sha256', toKey(key, index)).update(KEY_LABEL).digest('hex').slice(0, 16),
  );
  const { ttlMs, maxRounds, maxBytes } = options.requestState ?? {};
  return {
    keys,
    settings: {
      protocolEras: options.protocolEras ?? 'dual',
      protocolVersions: options.protocolVersions ?? null,
      'requestState.ttlMs': ttlMs ?? null,
      'requestState.maxRounds': maxRounds ?? null,
      'requestState.maxBytes': maxBytes ?? null,
      limits: options.limits ?? null,
      sessionIdleTimeoutMs: options.sessionIdleTimeoutMs ?? null,
      stateless: options.stateless ?? false,
    },
  };
}

/**
 * What keeps `mine` from working with `other` (another instance, named `who`), as sentences
 * naming the option: a `requestState` sealing key the other cannot open (either way; a rotation
 * in progress, where each opens what the other seals, is fine), or a compared setting that
 * differs. Empty when they agree.
 */
export function fingerprintConflicts(
  mine: SettingsFingerprint,
  other: SettingsFingerprint,
  who: string,
): string[] {
  const conflicts: string[] = [];
  const [mySeal] = mine.keys;
  const [theirSeal] = other.keys;
  if (
    (mySeal !== undefined && !other.keys.includes(mySeal)) ||
    (theirSeal !== undefined && !mine.keys.includes(theirSeal))
  ) {
    conflicts.push(
      `requestState.keys differ from instance ${who}'s (key fingerprints here ${mine.keys.join(',') || 'none'}, there ${other.keys.join(',') || 'none'}): 2026-07-28 input rounds crossing the two fail with "requestState is invalid"`,
    );
  }
  for (const [name, value] of Object.entries(mine.settings)) {
    const theirs = JSON.stringify(other.settings[name] ?? null);
    if (JSON.stringify(value) !== theirs) {
      conflicts.push(
        `${name} differs from instance ${who}'s (${JSON.stringify(value)} here, ${theirs} there)`,
      );
    }
  }
  return conflicts;
}
