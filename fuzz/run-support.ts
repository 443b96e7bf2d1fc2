/** What every fuzz runner shares: env settings, escaped-error traps, RSS after GC. */

/** A positive integer from the environment, else `fallback`. */
export function envInt(name: string, fallback: number): number {
  const value = Number(process.env[name]);
  return Number.isSafeInteger(value) && value > 0 ? value : fallback;
}

/** Starts collecting errors that escape (uncaught exceptions, unhandled rejections). */
export function trapEscapes(): unknown[] {
  const escaped: unknown[] = [];
  process.on('uncaughtException', (error) => escaped.push(error));
  process.on('unhandledRejection', (error) => escaped.push(error));
  return escaped;
}

/** What the process holds after three full collections (needs `node --expose-gc`). */
export interface MemoryAfterGc {
  /** Resident set size: the heap, code, and native memory the allocator has not given back. */
  rss: number;
  /** What the server's objects keep alive: V8's used heap plus the memory they hold outside it. */
  retained: number;
}

/** The process's memory after three full collections (needs `node --expose-gc`). */
export function memoryAfterGc(): MemoryAfterGc {
  const gc = (globalThis as { gc?: () => void }).gc;
  if (!gc) throw new Error('run with node --expose-gc');
  for (let i = 0; i < 3; i++) gc();
  const { rss, heapUsed, external } = process.memoryUsage();
  return { rss, retained: heapUsed + external };
}

/** RSS after three full collections (needs `node --expose-gc`). */
export function rssAfterGc(): number {
  return memoryAfterGc().rss;
}

/** Exits with the code `main` resolves to (1 when it throws, after printing the error). */
export function exitWith(main: Promise<number>): void {
  main.then(
    (code) => process.exit(code),
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
}
