import type { McpLogger } from '../../lib/index.js';

/** A logger keeping the lines a store logged, prefixed by level. */
export function capturingLogger(): McpLogger & { lines: string[] } {
  const lines: string[] = [];
  return {
    lines,
    warn: (message) => lines.push(`warn ${message}`),
    error: (message) => lines.push(`error ${message}`),
  };
}

/**
 * Checks an OAuth endpoint's answer during a store outage: 503 `temporarily_unavailable` (with
 * `Retry-After` when `headers` are given) and nothing in the body matching `driverText`.
 */
export function expectTemporarilyUnavailable(
  answer: { status: number; body: Record<string, unknown>; headers?: Headers },
  driverText: RegExp,
): void {
  expect(answer.status).toBe(503);
  if (answer.headers) expect(Number(answer.headers.get('retry-after'))).toBeGreaterThan(0);
  expect(answer.body.error).toBe('temporarily_unavailable');
  expect(JSON.stringify(answer.body)).not.toMatch(driverText);
}
