/** Options of {@link waitFor}. */
export interface WaitForOptions {
  /** Give up after this long (default 5 s). */
  timeoutMs?: number;
  /** Delay between checks (default 25 ms). */
  intervalMs?: number;
  /** Describes the condition in the timeout error. */
  description?: string;
}

/**
 * Polls `check` until it returns a value other than `undefined`/`false`, bounded in time; rejects
 * when the time is up. For conditions only observable by asking (a session expired).
 */
export async function waitFor<T>(
  check: () => T | undefined | false | Promise<T | undefined | false>,
  options: WaitForOptions = {},
): Promise<T> {
  const { timeoutMs = 5000, intervalMs = 25, description = 'condition' } = options;
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined && value !== false) return value;
    if (Date.now() >= deadline)
      throw new Error(`Timed out after ${timeoutMs} ms waiting for ${description}`);
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
}

/** Rejects when `promise` does not settle within `ms` (a bounded await with a useful message). */
export async function within<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`Timed out after ${ms} ms waiting for ${what}`)), ms);
  });
  try {
    return await Promise.race([promise, timeout]);
  } finally {
    clearTimeout(timer);
  }
}
