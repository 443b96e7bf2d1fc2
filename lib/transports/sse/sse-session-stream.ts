import type { ServerResponse } from 'node:http';
import type { McpSessionPort } from '../server-port/mcp-session-port.interface.js';
import { encodeMessage, type EncodeFailureReport } from '../../protocol/encode-message.js';
import { messageEvent } from '../shared/sse/sse-event.js';
import { SseWriter } from '../shared/sse/sse-writer.js';

/**
 * The GET stream of one legacy HTTP+SSE session. The stream *is* the session: it opens with the
 * `endpoint` event, carries every server-to-client message (responses, requests, notifications)
 * as `event: message`, and closing either one closes the other — a client that goes away ends
 * its session, which aborts its running handlers.
 */
export class SseSessionStream {
  private readonly writer: SseWriter;

  /**
   * Opens the stream on `res` and announces `endpoint`. When the client is already gone, the
   * session is closed at once.
   */
  constructor(
    readonly session: McpSessionPort,
    res: ServerResponse,
    endpoint: string,
    keepAliveMs: number,
    report: EncodeFailureReport,
  ) {
    this.writer = new SseWriter(res, { keepAliveMs });
    this.writer.onClose(() => session.close('Client disconnected', 'disconnected'));
    session.outbound$.subscribe({
      next: ({ message }) => {
        const json = encodeMessage(message, report);
        if (json !== undefined) this.writer.send(messageEvent(json));
      },
      complete: () => this.writer.close(),
    });
    if (this.writer.open()) this.writer.send({ event: 'endpoint', data: endpoint });
  }
}
