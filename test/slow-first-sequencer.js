/**
 * jest's order of test files, with the long ones first on a fresh checkout too (jest.config.js).
 *
 * jest's own sequencer runs the files it has timings for (its cache, from earlier runs on the
 * machine) longest first, but the files it has none for before all of them, largest file first:
 * on a clean CI checkout every file is such a file, and a short file that runs for minutes (the
 * bench harness, the docs site in Chromium) started among the last ones, leaving one worker busy
 * with it long after the other had run out of files. Here each file weighs its cached duration,
 * else its entry in SLOW (seconds, measured on a loaded two-core machine; a rough order, not a
 * limit), else its size (a few seconds per 10 kB); files that failed last time still go first.
 * A file that first waits for the docs build of the interop lane (scripts/docs-build-once.sh,
 * about eight minutes on two loaded cores: 11:20 in a CI run before the API reference's sidebar
 * went per kind, which took a quarter off its CPU) starts once the files before it weigh about
 * that much per worker: first, it held one of the two workers idle for those minutes (960 s for
 * the docs site spec in a CI rehearsal, most of it waiting).
 */
import TestSequencer from '@jest/test-sequencer';
import { relative } from 'node:path';
import process from 'node:process';

/** Files known to take minutes, by their path from the repository root. */
const SLOW = {
  'test/e2e/bench/bench-tools.e2e-spec.ts': 350,
  'test/e2e/bench/bench-run.e2e-spec.ts': 120,
  'test/e2e/bench/bench-baseline.e2e-spec.ts': 90,
  'test/e2e/docs/docs-site.e2e-spec.ts': 80,
  // Measured at load 10-17 on two cores and scaled by about 2.5, the ratio of the last CI run's
  // times to these for the same files. The SDK v2 and Inspector specs no longer wait for their
  // Node 22 tools' npm installs (scripts/e2e-tools.sh runs them beside the build).
  'test/e2e/authorization-server/one-time-redemption.e2e-spec.ts': 150,
  'test/e2e/docs/mcp-apps-guide.e2e-spec.ts': 110,
  'test/e2e/sdk2/sdk2-client.e2e-spec.ts': 35,
  'test/e2e/sdk2/sdk2-server.e2e-spec.ts': 15,
  'test/e2e/apps/mcp-apps-sdk2.e2e-spec.ts': 20,
  'test/e2e/skills/skills-sdk2.e2e-spec.ts': 15,
  'test/e2e/microservices/broker-gateway-clients.e2e-spec.ts': 25,
  'test/e2e/microservices/microservices.e2e-spec.ts': 120,
};

/** Files that start by waiting for the docs build, and about how long that build takes (s). */
const WAITS_FOR_DOCS_BUILD = new Set(['test/e2e/docs/docs-site.e2e-spec.ts']);
const DOCS_BUILD_SECONDS = 500;

const Base = TestSequencer.default ?? TestSequencer;

export default class SlowFirstSequencer extends Base {
  sort(tests) {
    const files = new Map();
    const weight = new Map(
      tests.map((test) => {
        const file = relative(test.context.config.rootDir, test.path).split('\\').join('/');
        files.set(test, file);
        const size = test.context.hasteFS.getSize(test.path) ?? 0;
        const cached = this.time(test); // milliseconds
        return [test, cached !== undefined ? cached / 1000 : (SLOW[file] ?? (size / 10_000) * 3)];
      }),
    );
    const sorted = [...tests].sort((a, b) => {
      const failedA = this.hasFailed(a);
      if (failedA !== this.hasFailed(b)) return failedA ? -1 : 1;
      return weight.get(b) - weight.get(a);
    });
    return this.afterDocsBuild(sorted, weight, files);
  }

  /** Moves the files that wait for the docs build to where the files before them fill the wait. */
  afterDocsBuild(sorted, weight, files) {
    const waiting = sorted.filter((test) => WAITS_FOR_DOCS_BUILD.has(files.get(test)));
    if (waiting.length === 0) return sorted;
    const rest = sorted.filter((test) => !waiting.includes(test));
    const workers = Number(process.env.JEST_WORKERS) || 2; // as scripts/test-e2e.sh runs it
    let at = 0;
    for (let before = 0; at < rest.length && before < DOCS_BUILD_SECONDS * workers; at++) {
      before += weight.get(rest[at]);
    }
    return [...rest.slice(0, at), ...waiting, ...rest.slice(at)];
  }
}
