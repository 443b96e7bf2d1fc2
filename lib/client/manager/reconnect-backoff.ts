import type { McpReconnectOptions } from './mcp-client-manager-options.interface.js';

/** Reconnect options with defaults applied. */
export type ResolvedReconnect = Required<{ [K in keyof McpReconnectOptions]: number }>;

/** Defaults: 500 ms doubling up to 30 s, without end. */
export function resolveReconnect(options: McpReconnectOptions | false | undefined) {
  if (options === false) return false;
  return {
    initialDelayMs: options?.initialDelayMs ?? 500,
    maxDelayMs: options?.maxDelayMs ?? 30_000,
    factor: options?.factor ?? 2,
    maxAttempts: options?.maxAttempts ?? Infinity,
  } satisfies ResolvedReconnect;
}

/**
 * The delay before retry number `failures` (1 = first retry): exponential, capped, with up to
 * 20 % random jitter so that many managers do not retry in step.
 */
export function backoffDelay(reconnect: ResolvedReconnect, failures: number): number {
  const base = reconnect.initialDelayMs * reconnect.factor ** Math.max(0, failures - 1);
  return Math.min(reconnect.maxDelayMs, Math.round(base * (1 + Math.random() * 0.2)));
}
