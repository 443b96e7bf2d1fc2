import { Module } from '@nestjs/common';
import { McpModule } from '../../../lib/index.js';
import { ReportTools } from './report.tools.js';

/** The reports server: one long-running tool, tasks kept in memory for ten minutes. */
@Module({
  imports: [
    McpModule.forRoot({
      name: 'reports',
      version: '1.0.0',
      tasks: { defaultTtlMs: 10 * 60_000 },
    }),
  ],
  providers: [ReportTools],
})
export class ReportsModule {}
