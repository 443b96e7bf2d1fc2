/** Status of one terminus health indicator (`degraded` needs @nestjs/terminus 11.1+). */
export type McpHealthStatus = 'up' | 'down' | 'degraded';

/**
 * A health indicator result in the shape `@nestjs/terminus` expects from an indicator function
 * (`HealthIndicatorResult`): `{ [key]: { status, ...details } }`. Built without importing
 * terminus, which stays an optional peer dependency.
 */
export type McpHealthResult<Key extends string = string> = Record<
  Key,
  { status: McpHealthStatus } & Record<string, unknown>
>;

/** Builds a {@link McpHealthResult}. */
export function healthResult<Key extends string>(
  key: Key,
  status: McpHealthStatus,
  details: Record<string, unknown>,
): McpHealthResult<Key> {
  return { [key]: { ...details, status } } as McpHealthResult<Key>;
}

/** Resolves with `work`'s outcome, or rejects after `timeoutMs` (the timer never holds the process). */
export function withTimeout<T>(work: Promise<T>, timeoutMs: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new Error(`${what} did not answer within ${timeoutMs} ms`)),
      timeoutMs,
    );
    timer.unref();
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

/** The message of a failure, for health details. */
export function failureMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
