import type * as Otel from '@opentelemetry/api';
import type {
  McpClientRequestEvent,
  McpServerRequestEvent,
  McpServerToClientRequestEvent,
} from '../mcp-telemetry-events.interface.js';
import { errorType, spanAttributes, spanName } from './otel-attributes.js';

type Api = typeof Otel;
type Traced = { span?: Otel.Span };

const ERROR = 2; // SpanStatusCode.ERROR, without a runtime import

/** Ends a span with the outcome of its operation (status, `error.type`, the exception). */
function endSpan(
  span: Otel.Span | undefined,
  outcome: { error?: unknown; isError?: boolean },
): void {
  if (!span) return;
  const type = errorType(outcome);
  if (type !== undefined && span.isRecording()) {
    span.setAttribute('error.type', type);
    if (typeof (outcome.error as { code?: unknown } | null)?.code === 'number')
      span.setAttribute('rpc.response.status_code', type);
    const message = outcome.error instanceof Error ? outcome.error.message : undefined;
    span.setStatus(message === undefined ? { code: ERROR } : { code: ERROR, message });
  }
  span.end();
}

/**
 * Spans for the traced channels, following the MCP semantic conventions: a SERVER span per
 * request served (parent: the `traceparent` of its `_meta`, else the active context), a CLIENT
 * span per request sent (its context injected into the request's `_meta`) and per server →
 * client request. Operations run inside their span's context (`runInContext`).
 */
export class OtelTracing {
  constructor(
    private readonly api: Api,
    private readonly tracer: Otel.Tracer,
  ) {}

  /** `start` of `nestjs-mcp:server.request`. */
  serverStart = (message: unknown): void => {
    const event = message as McpServerRequestEvent & Traced;
    const { context, propagation, trace } = this.api;
    const active = context.active();
    const meta = event.meta;
    const parent =
      meta && typeof meta.traceparent === 'string' ? propagation.extract(active, meta) : active;
    const span = this.tracer.startSpan(
      spanName(event),
      { kind: 1 /* SERVER */, attributes: spanAttributes(event) },
      parent,
    );
    event.span = span;
    const inSpan = trace.setSpan(parent, span);
    event.runInContext = (fn) => context.with(inSpan, fn);
  };

  /** `start` of `nestjs-mcp:client.request`: the span, and its context in `event.meta`. */
  clientStart = (message: unknown): void => {
    const event = message as McpClientRequestEvent & Traced;
    const { context, propagation, trace } = this.api;
    const active = context.active();
    const span = this.tracer.startSpan(
      spanName(event),
      { kind: 2 /* CLIENT */, attributes: spanAttributes(event) },
      active,
    );
    event.span = span;
    const inSpan = trace.setSpan(active, span);
    propagation.inject(inSpan, event.meta);
    event.runInContext = (fn) => context.with(inSpan, fn);
  };

  /** `start` of `nestjs-mcp:server.client-request` (child of the request being served). */
  serverToClientStart = (message: unknown): void => {
    const event = message as McpServerToClientRequestEvent & Traced;
    event.span = this.tracer.startSpan(event.method, {
      kind: 2 /* CLIENT */,
      attributes: {
        'mcp.method.name': event.method,
        ...(event.sessionId !== undefined && { 'mcp.session.id': event.sessionId }),
      },
    });
  };

  /** `asyncEnd` of every traced channel. */
  end = (message: unknown): void => {
    const event = message as Traced & { error?: unknown; isError?: boolean };
    endSpan(event.span, event);
  };
}
