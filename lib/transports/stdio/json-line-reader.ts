import type { Readable } from 'node:stream';
import { ErrorCode } from '../../protocol/error-codes.js';
import { parseJson, toJsonRpcMessage, type JsonRpcMessage } from '../../protocol/json-rpc.js';
import { McpError } from '../../errors/mcp.error.js';
import { DEFAULT_MAX_LINE_BYTES, LineSplitter } from './line-splitter.js';

/** What a {@link JsonLineReader} reports. */
export interface JsonLineReaderHandlers {
  /** One valid JSON-RPC message. */
  message(message: JsonRpcMessage): void;
  /**
   * A line that is not one JSON-RPC message: `-32700` (not JSON), `-32600` (not a JSON-RPC
   * message; `data.id` holds the id when it could be read, see `idOfInvalidMessage`) or `-32600`
   * for a line over the size bound.
   */
  invalid(error: McpError): void;
  /** The stream ended (`error` set when it failed). Called once; nothing is reported after it. */
  end(error?: Error): void;
}

/** Parses one line into a JSON-RPC message of at most `maxDepth` levels. @throws McpError -32700 or -32600. */
export function parseJsonRpcLine(line: string, maxDepth?: number): JsonRpcMessage {
  return toJsonRpcMessage(parseJson(line), maxDepth);
}

/**
 * Reads newline-delimited JSON-RPC messages from a byte stream (a server's stdin, a child's
 * stdout). Bad lines are reported and skipped, so one garbage line never ends the conversation.
 * {@link pause}/{@link resume} give the caller backpressure over the source.
 */
export class JsonLineReader {
  private readonly splitter: LineSplitter;
  private attached = false;
  private ended = false;

  constructor(
    private readonly input: Readable,
    private readonly handlers: JsonLineReaderHandlers,
    maxLineBytes: number = DEFAULT_MAX_LINE_BYTES,
    private readonly maxDepth?: number,
  ) {
    this.splitter = new LineSplitter(
      {
        line: (text) => this.onLine(text),
        oversized: (max) =>
          !this.ended &&
          this.handlers.invalid(
            new McpError(
              ErrorCode.InvalidRequest,
              `Message exceeds the line limit of ${max} bytes`,
            ),
          ),
      },
      maxLineBytes,
    );
  }

  /** Starts reading (flowing mode). */
  start(): void {
    if (this.attached || this.ended) return;
    this.attached = true;
    this.input.on('data', this.onData);
    this.input.on('end', this.onEnd);
    this.input.on('error', this.onError);
    this.input.on('close', this.onClose);
    this.input.resume();
  }

  /** Stops pulling data until {@link resume} (the source buffers, then stops reading). */
  pause(): void {
    if (this.attached) this.input.pause();
  }

  /** Pulls data again after {@link pause}. */
  resume(): void {
    if (this.attached) this.input.resume();
  }

  /** Detaches from the stream and stops reading; `end` is not reported. Idempotent. */
  stop(): void {
    this.ended = true;
    this.detach();
  }

  private detach(): void {
    if (!this.attached) return;
    this.attached = false;
    this.input.off('data', this.onData);
    this.input.off('end', this.onEnd);
    this.input.off('error', this.onError);
    this.input.off('close', this.onClose);
    // A late error after detaching must not become an uncaught exception.
    this.input.on('error', ignore);
    this.input.pause();
  }

  private onLine(text: string): void {
    if (this.ended) return;
    let message: JsonRpcMessage;
    try {
      message = parseJsonRpcLine(text, this.maxDepth);
    } catch (error) {
      this.handlers.invalid(error as McpError);
      return;
    }
    this.handlers.message(message);
  }

  private finish(error?: Error): void {
    if (this.ended) return;
    this.ended = true;
    this.detach();
    this.handlers.end(error);
  }

  private readonly onData = (chunk: Buffer | string): void => {
    if (!this.ended) this.splitter.push(chunk);
  };

  private readonly onEnd = (): void => {
    if (this.ended) return;
    this.splitter.end();
    this.finish();
  };

  private readonly onError = (error: Error): void => this.finish(error);

  // A stream destroyed without 'end' (or 'error') still ends the conversation.
  private readonly onClose = (): void => this.onEnd();
}

function ignore(): void {}
