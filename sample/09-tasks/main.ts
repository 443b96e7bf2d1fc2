import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { runReport } from './src/report-client.js';
import { ReportsModule } from './src/reports.module.js';

/**
 * Tasks end to end in one process: serves the reports server on 127.0.0.1 (`PORT`, default any
 * free port), then runs its long report as a task from an McpClient in both protocol eras
 * (2026-07-28 tasks extension, 2025-11-25 experimental tasks) and exits.
 * `node dist/sample/09-tasks/main.js`
 */
const app = await NestFactory.create(ReportsModule, { logger: ['error', 'warn'] });
await app.listen(Number(process.env.PORT ?? 0), '127.0.0.1');
const { port } = (app.getHttpServer() as Server).address() as AddressInfo;
const url = new URL('/mcp', `http://127.0.0.1:${port}`);
try {
  for (const version of [undefined, '2025-11-25']) {
    console.log(`quarterly_report as a task (${version ?? '2026-07-28'}):`);
    await runReport(url, (line) => console.log(line), version);
  }
} finally {
  (app.getHttpServer() as Server).closeIdleConnections();
  await app.close();
}
