import type { TargetSummary } from './report.js';

/** One arm measured on the baseline commit's library and on this checkout's, in the same run. */
export interface BeforeAfterPair {
  arm: string;
  before: TargetSummary;
  after: TargetSummary;
}

/**
 * Prints the before/after table (`BENCH_BASELINE_REF`): per arm, req/s, server CPU per request
 * and p99 on the baseline commit's library and on this checkout's, with after/before ratios
 * (req/s above 1 is faster; CPU and p99 above 1 cost more).
 */
export function printBeforeAfter(label: string, pairs: BeforeAfterPair[]): void {
  if (pairs.length === 0) return;
  const x = (after: number, before: number) => `${(after / before).toFixed(2)}x`;
  console.log(`\nbefore (${label}) / after (this checkout), same run\n`);
  console.log(
    '| arm | req/s before | req/s after | after/before | CPU us/req before | CPU us/req after | ' +
      'CPU after/before | p99 ms before | p99 ms after |',
  );
  console.log('|---|---|---|---|---|---|---|---|---|');
  for (const { arm, before, after } of pairs) {
    console.log(
      `| ${arm} | ${before.rps.toFixed(0)} | ${after.rps.toFixed(0)} | ${x(after.rps, before.rps)} | ` +
        `${before.cpuUsPerRequest.toFixed(0)} | ${after.cpuUsPerRequest.toFixed(0)} | ` +
        `${x(after.cpuUsPerRequest, before.cpuUsPerRequest)} | ${before.p99Ms.toFixed(2)} | ` +
        `${after.p99Ms.toFixed(2)} |`,
    );
  }
}
