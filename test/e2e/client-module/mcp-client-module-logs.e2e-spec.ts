import 'reflect-metadata';
import { Injectable, type INestApplicationContext, type LoggerService } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import {
  InjectMcpClient,
  InMemoryClientTransport,
  McpClient,
  McpClientModule,
  McpContext,
  McpModule,
  McpServer,
  LOGGING_LEVELS,
  Tool,
} from '../../../lib/index.js';
import { waitFor } from '../support/wait.js';

const LEVELS = LOGGING_LEVELS;

@Injectable()
class LoggingTools {
  @Tool({ description: 'Logs once at every level' })
  log_all(_args: unknown, ctx: McpContext) {
    for (const level of LEVELS) ctx.log(level, level === 'notice' ? { n: 1 } : `at ${level}`, 'db');
    return 'logged';
  }
}

@Injectable()
class Consumer {
  constructor(@InjectMcpClient('audit') readonly client: McpClient) {}
}

/** A LoggerService that records what it was given. */
class RecordingLogger implements LoggerService {
  readonly lines: Array<[string, string, string]> = [];
  log = (message: string, context: string) => this.lines.push(['log', message, context]);
  error = (message: string, context: string) => this.lines.push(['error', message, context]);
  warn = (message: string, context: string) => this.lines.push(['warn', message, context]);
  debug = (message: string, context: string) => this.lines.push(['debug', message, context]);
  fatal = (message: string, context: string) => this.lines.push(['fatal', message, context]);
}

describe('McpClientModule forwardLogs', () => {
  let app: INestApplicationContext;
  const logger = new RecordingLogger();

  beforeAll(async () => {
    const moduleRef = await Test.createTestingModule({
      imports: [
        McpModule.forRoot({ name: 'log-server', version: '1.0.0', http: false, isGlobal: true }),
        McpClientModule.registerAsync({
          name: 'audit',
          inject: [McpServer],
          useFactory: (server: McpServer) => ({
            transport: () => new InMemoryClientTransport(server.core),
            forwardLogs: logger,
          }),
        }),
      ],
      providers: [LoggingTools, Consumer],
    }).compile();
    app = await moduleRef.init();
  });

  afterAll(async () => {
    await app.close();
  });

  it('writes server log messages to the Nest logger, by level, with the client name as context', async () => {
    const { client } = app.get(Consumer);
    await client.setLogLevel('debug');
    await client.callTool('log_all');
    await waitFor(() => logger.lines.length === LEVELS.length, { description: 'every log line' });
    const context = 'McpClient:audit';
    expect(logger.lines).toEqual([
      ['debug', '[db] at debug', context],
      ['log', '[db] at info', context],
      ['log', '[db] {"n":1}', context],
      ['warn', '[db] at warning', context],
      ['error', '[db] at error', context],
      ['fatal', '[db] at critical', context],
      ['fatal', '[db] at alert', context],
      ['fatal', '[db] at emergency', context],
    ]);
  });
});
