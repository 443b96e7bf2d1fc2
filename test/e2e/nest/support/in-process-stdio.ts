import { PassThrough } from 'node:stream';
import { StdioServerTransport, type McpServer } from '../../../../lib/index.js';
import { waitFor } from '../../support/wait.js';

/** A JSON-RPC message as read off the stdio output. */
export interface StdioLine {
  id?: number;
  result?: unknown;
  error?: unknown;
}

/**
 * The real stdio server transport of an app's McpServer over in-process streams, driven with raw
 * JSON lines: for asserting what a stdio call sees without spawning a process.
 */
export class InProcessStdio {
  private readonly input = new PassThrough();
  private readonly output = new PassThrough();
  private readonly transport: StdioServerTransport;
  private readonly lines: StdioLine[] = [];
  private buffered = '';

  constructor(server: McpServer) {
    const session = server.core.createSession(undefined, 'stdio');
    this.transport = new StdioServerTransport(session, this.input, this.output);
    this.output.on('data', (chunk: Buffer) => {
      const parts = (this.buffered + chunk.toString()).split('\n');
      this.buffered = parts.pop() ?? '';
      this.lines.push(...parts.map((line) => JSON.parse(line) as StdioLine));
    });
    this.transport.start();
  }

  /** Writes one JSON-RPC message. */
  send(message: object): void {
    this.input.write(`${JSON.stringify({ jsonrpc: '2.0', ...message })}\n`);
  }

  /** The answer to request `id` (bounded wait). */
  answer(id: number): Promise<StdioLine> {
    return waitFor(() => this.lines.find((line) => line.id === id), {
      description: `the answer to request ${id}`,
    });
  }

  /** Runs the initialize handshake. */
  async initialize(): Promise<void> {
    this.send({
      id: 0,
      method: 'initialize',
      params: {
        protocolVersion: '2025-11-25',
        capabilities: {},
        clientInfo: { name: 'in-process-stdio', version: '1.0.0' },
      },
    });
    await this.answer(0);
    this.send({ method: 'notifications/initialized' });
  }

  /** Ends stdin and waits for the transport to stop. */
  async close(): Promise<void> {
    this.input.end();
    await this.transport.closed;
  }
}
