import { Injectable, Logger, type OnModuleDestroy } from '@nestjs/common';
import { firstValueFrom, lastValueFrom, Subscription, tap, timeout, toArray } from 'rxjs';
import { InjectMcpClient, McpClient, type Mcp, type ToolCallEvent } from '../../../lib/index.js';
import { DEMO_CLIENT, EVERYTHING_CLIENT } from './clients.constants.js';
import type { ClientReport, ShowcaseReport, StreamCounters } from './clients.report.js';

/** How long the showcase waits for a stream event it expects (ms). */
const EVENT_TIMEOUT_MS = 10_000;

function textOf(result: Mcp.CallToolResult): string {
  const first = result.content[0];
  return first?.type === 'text' ? first.text : JSON.stringify(result.content);
}

/**
 * Uses the two injected clients: subscribes to their `logs$`, `progress$` and `toolsChanged$`
 * streams from construction on (before they connect), lists tools, and runs a long call of each
 * server with `callTool$`, printing every event with the Nest `Logger`.
 */
@Injectable()
export class ClientsShowcase implements OnModuleDestroy {
  private readonly logger = new Logger(ClientsShowcase.name);
  private readonly subscriptions = new Subscription();
  private readonly counters: Record<string, StreamCounters> = {};

  constructor(
    @InjectMcpClient(DEMO_CLIENT) private readonly demo: McpClient,
    @InjectMcpClient(EVERYTHING_CLIENT) private readonly everything: McpClient,
  ) {
    this.watch(DEMO_CLIENT, demo);
    this.watch(EVERYTHING_CLIENT, everything);
  }

  /** Runs both flows, one after the other, and reports what was seen. */
  async run(): Promise<ShowcaseReport> {
    const demo = await this.runDemo();
    const everything = await this.runEverything();
    this.logger.log('Done');
    return { demo, everything };
  }

  onModuleDestroy(): void {
    this.subscriptions.unsubscribe();
  }

  /** The demo server: `countdown` reports progress and logs at `info`. */
  private async runDemo(): Promise<ClientReport> {
    const tools = await this.listTools(DEMO_CLIENT, this.demo);
    await this.demo.setLogLevel('info');
    const call = await this.callTool(DEMO_CLIENT, this.demo, 'countdown', {
      steps: 3,
      delayMs: 50,
    });
    return this.report(DEMO_CLIENT, this.demo, tools, call);
  }

  /**
   * server-everything: `toggle-simulated-logging` sends a log at once (then every 5 s until
   * toggled off); `trigger-long-running-operation` reports progress.
   */
  private async runEverything(): Promise<ClientReport> {
    const client = this.everything;
    const tools = await this.listTools(EVERYTHING_CLIENT, client);
    await client.setLogLevel('debug');
    const firstLog = firstValueFrom(client.logs$.pipe(timeout({ first: EVENT_TIMEOUT_MS })));
    await client.callTool('toggle-simulated-logging');
    await firstLog;
    await client.callTool('toggle-simulated-logging');
    const call = await this.callTool(EVERYTHING_CLIENT, client, 'trigger-long-running-operation', {
      duration: 0.3,
      steps: 3,
    });
    return this.report(EVERYTHING_CLIENT, client, tools, call);
  }

  private watch(name: string, client: McpClient): void {
    const counters: StreamCounters = { logs: 0, progressEvents: 0, toolsChanged: 0 };
    this.counters[name] = counters;
    this.subscriptions.add(
      client.logs$.subscribe((log) => {
        counters.logs++;
        this.logger.log(`[${name}] log ${log.level}: ${JSON.stringify(log.data)}`);
      }),
    );
    this.subscriptions.add(
      client.progress$.subscribe(() => {
        counters.progressEvents++;
      }),
    );
    this.subscriptions.add(
      client.toolsChanged$.subscribe(() => {
        counters.toolsChanged++;
        this.logger.log(`[${name}] the tool list changed`);
      }),
    );
  }

  private async listTools(name: string, client: McpClient): Promise<string[]> {
    const tools = (await client.listAllTools()).map((tool) => tool.name);
    this.logger.log(`[${name}] ${client.serverInfo?.name}: ${tools.length} tools`);
    return tools;
  }

  /** Calls a tool with `callTool$`, printing each progress event and the result. */
  private async callTool(
    name: string,
    client: McpClient,
    tool: string,
    args: Record<string, unknown>,
  ): Promise<{ progress: number[]; result: string }> {
    const events = await lastValueFrom(
      client.callTool$(tool, args, { timeoutMs: 30_000 }).pipe(
        tap((event) => this.print(name, tool, event)),
        toArray(),
      ),
    );
    const progress = events.flatMap((e) => (e.type === 'progress' ? [e.progress] : []));
    const [done] = events.filter((e) => e.type === 'result');
    return { progress, result: done?.type === 'result' ? textOf(done.result) : '' };
  }

  private print(name: string, tool: string, event: ToolCallEvent): void {
    if (event.type === 'progress') {
      const total = event.total === undefined ? '' : `/${event.total}`;
      this.logger.log(`[${name}] ${tool} progress ${event.progress}${total}`);
    } else if (event.type === 'input') {
      this.logger.log(`[${name}] ${tool} input round ${event.round}`);
    } else {
      this.logger.log(`[${name}] ${tool} result: ${textOf(event.result)}`);
    }
  }

  private report(
    name: string,
    client: McpClient,
    tools: string[],
    call: { progress: number[]; result: string },
  ): ClientReport {
    return {
      server: client.serverInfo?.name ?? '',
      protocolVersion: client.protocolVersion ?? '',
      tools,
      ...call,
      ...this.counters[name],
    };
  }
}
