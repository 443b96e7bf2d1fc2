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
 */
import TestSequencer from '@jest/test-sequencer';
import { relative } from 'node:path';

/** Files known to take minutes, by their path from the repository root. */
const SLOW = {
  'test/e2e/bench/bench-run.e2e-spec.ts': 300,
  'test/e2e/bench/bench-baseline.e2e-spec.ts': 200,
  'test/e2e/bench/bench-tools.e2e-spec.ts': 200,
  'test/e2e/docs/docs-site.e2e-spec.ts': 250,
  'test/e2e/docs/mcp-apps-guide.e2e-spec.ts': 120,
  'test/e2e/sdk2/sdk2-client.e2e-spec.ts': 120,
  'test/e2e/sdk2/sdk2-server.e2e-spec.ts': 120,
  'test/e2e/apps/mcp-apps-sdk2.e2e-spec.ts': 120,
  'test/e2e/skills/skills-sdk2.e2e-spec.ts': 120,
  'test/e2e/microservices/broker-gateway-clients.e2e-spec.ts': 120,
  'test/e2e/microservices/microservices.e2e-spec.ts': 120,
};

const Base = TestSequencer.default ?? TestSequencer;

export default class SlowFirstSequencer extends Base {
  sort(tests) {
    const weight = new Map(
      tests.map((test) => {
        const file = relative(test.context.config.rootDir, test.path).split('\\').join('/');
        const size = test.context.hasteFS.getSize(test.path) ?? 0;
        const cached = this.time(test); // milliseconds
        return [test, cached !== undefined ? cached / 1000 : (SLOW[file] ?? (size / 10_000) * 3)];
      }),
    );
    return [...tests].sort((a, b) => {
      const failedA = this.hasFailed(a);
      if (failedA !== this.hasFailed(b)) return failedA ? -1 : 1;
      return weight.get(b) - weight.get(a);
    });
  }
}
