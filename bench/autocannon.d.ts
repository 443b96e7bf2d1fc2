/**
 * Minimal typings for the parts of autocannon 9 the benchmark uses (the package ships none).
 * See node_modules/autocannon/README.md for the full API.
 */
declare module 'autocannon' {
  import type { EventEmitter } from 'node:events';

  namespace autocannon {
    /** A raw request as autocannon builds it; `setupRequest` may rewrite it. */
    interface RequestData {
      method?: string;
      path?: string;
      headers?: Record<string, string>;
      body?: string | Buffer;
    }

    /** Per-connection state shared by `setupRequest` and `onResponse`. */
    type Context = Record<string, unknown>;

    /** One entry of the `requests` sequence. */
    interface Request extends RequestData {
      setupRequest?: (request: RequestData, context: Context) => RequestData | undefined;
      onResponse?: (
        status: number,
        body: string,
        context: Context,
        headers: Record<string, string | string[]>,
      ) => void;
    }

    interface Options {
      url: string;
      connections?: number;
      pipelining?: number;
      duration?: number;
      /** Stop after this many requests (instead of `duration`). */
      amount?: number;
      /** Milliseconds between samples (default 1000); a run ends at the first sample after it is done. */
      sampleInt?: number;
      timeout?: number;
      method?: string;
      headers?: Record<string, string>;
      body?: string;
      requests?: Request[];
    }

    /** A histogram summary (latency in ms, requests per second, bytes per second). */
    interface Histogram {
      average: number;
      mean: number;
      stddev: number;
      min: number;
      max: number;
      total: number;
      p50: number;
      p99: number;
    }

    /** Counters present in every result. */
    interface Counters {
      /** Seconds. */
      duration: number;
      errors: number;
      timeouts: number;
      mismatches: number;
      non2xx: number;
      resets: number;
      '2xx': number;
      statusCodeStats: Record<string, { count: number }>;
    }

    /** The result on the main thread (histograms aggregated). */
    interface Result extends Counters {
      latency: Histogram;
      requests: Histogram & { sent: number };
      throughput: Histogram;
    }

    /** The result off the main thread: autocannon skips aggregation (histograms stay encoded). */
    interface RawResult extends Counters {
      totalCompletedRequests: number;
      totalRequests: number;
      totalBytes: number;
    }

    /** The running job: an EventEmitter that is also a promise of the result. */
    interface Instance extends EventEmitter, PromiseLike<Result | RawResult> {
      stop(): void;
    }
  }

  function autocannon(options: autocannon.Options): autocannon.Instance;
  export = autocannon;
}
