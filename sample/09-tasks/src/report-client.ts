import {
  McpClient,
  StreamableHttpClientTransport,
  type McpToolTaskEvent,
} from '../../../lib/index.js';

/** What one run of the report as a task showed (the events, in order, and the result). */
export interface ReportRun {
  era: string | undefined;
  events: McpToolTaskEvent[];
  structured: unknown;
}

/**
 * Runs `quarterly_report` as a task from an McpClient: prints each status the client polled,
 * answers the publish question with its elicitation handler, and returns the result.
 */
export async function runReport(
  url: URL,
  print: (line: string) => void,
  protocolVersion?: string,
): Promise<ReportRun> {
  const client = new McpClient({
    transport: new StreamableHttpClientTransport(url),
    ...(protocolVersion !== undefined && { protocolVersion }),
    elicitation: (params) => {
      print(`  asked: ${params.message} -> yes`);
      return { action: 'accept', content: { publish: true } };
    },
  });
  await client.connect();
  const events: McpToolTaskEvent[] = [];
  try {
    const result = await client.callToolAsTask(
      'quarterly_report',
      { quarter: '2026-Q3' },
      {
        onStatus: (task) => {
          events.push({ type: 'status', task });
          print(`  ${task.status}${task.statusMessage ? `: ${task.statusMessage}` : ''}`);
        },
      },
    );
    events.push({ type: 'result', result });
    print(`  result: ${JSON.stringify(result.structuredContent)}`);
    return { era: client.era, events, structured: result.structuredContent };
  } finally {
    await client.close();
  }
}
