import 'reflect-metadata';
import { Test } from '@nestjs/testing';
import type { INestApplication } from '@nestjs/common';
import { existsSync } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { runToExit } from './support/built-sample.js';

const TASKS_MAIN = fileURLToPath(new URL('../../../dist/sample/09-tasks/main.js', import.meta.url));

/**
 * `sample/09-tasks`: the long-running `quarterly_report` tool run as a task from McpClient, in
 * both eras, in process; and the built sample run to its end.
 */
describe('sample 09-tasks: a long report run as a task from McpClient', () => {
  let app: INestApplication;
  let url: URL;
  let runReport: typeof import('../../../sample/09-tasks/src/report-client.js').runReport;

  beforeAll(async () => {
    process.env.REPORT_STEP_MS = '30'; // read when the tools module loads
    const { ReportsModule } = await import('../../../sample/09-tasks/src/reports.module.js');
    ({ runReport } = await import('../../../sample/09-tasks/src/report-client.js'));
    const moduleRef = await Test.createTestingModule({ imports: [ReportsModule] }).compile();
    app = moduleRef.createNestApplication({ logger: false });
    await app.listen(0, '127.0.0.1');
    const { port } = (app.getHttpServer() as Server).address() as AddressInfo;
    url = new URL('/mcp', `http://127.0.0.1:${port}`);
  });

  afterAll(async () => {
    (app.getHttpServer() as Server).closeIdleConnections();
    await app.close();
  });

  it.each([
    ['2026-07-28', undefined, 'modern'],
    ['2025-11-25', '2025-11-25', 'legacy'],
  ])(
    '%s: statuses while it works, the publish question, then the result',
    async (_, version, era) => {
      const lines: string[] = [];
      const run = await runReport(url, (line) => lines.push(line), version);
      expect(run.era).toBe(era);
      expect(run.structured).toEqual({ quarter: '2026-Q3', total: 6000, published: true });
      const statuses = run.events.flatMap((e) => (e.type === 'status' ? [e.task.status] : []));
      expect(statuses[0]).toBe('working');
      expect(statuses.at(-1)).toBe('completed');
      expect(lines).toContain('  asked: The 2026-Q3 report totals 6000. Publish it? -> yes');
    },
  );

  it('the built sample serves and runs the report in both eras, then exits 0', async () => {
    if (!existsSync(TASKS_MAIN)) throw new Error(`${TASKS_MAIN} is missing: run "npm run build"`);
    const run = await runToExit(TASKS_MAIN, { REPORT_STEP_MS: '20' }, 20_000);
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('quarterly_report as a task (2026-07-28):');
    expect(run.stdout).toContain('quarterly_report as a task (2025-11-25):');
    expect(
      run.stdout.match(/result: \{"quarter":"2026-Q3","total":6000,"published":true\}/g),
    ).toHaveLength(2);
  });
});
