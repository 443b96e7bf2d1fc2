import { ListenLimitError } from '../../errors/listen-limit.error.js';
import { CapacityError, type CapacityLimit } from '../../errors/capacity.error.js';
import type { RequestOutlet } from '../../engine/request-outlet.interface.js';
import type { RequestId } from '../../protocol/json-rpc.js';
import {
  SUBSCRIPTION_ID_META_KEY,
  type ServerCapabilities,
  type SubscriptionFilter,
  type SubscriptionsListenResult,
} from '../../protocol/schema/index.js';
import type { McpServerEvent } from '../../stores/message-bus.interface.js';
import { honourFilter } from './honoured-filter.js';
import type { ListenLimits } from './listen-options.interface.js';

/** Method of the first frame of every listen stream. */
const ACKNOWLEDGED = 'notifications/subscriptions/acknowledged';

/** One `subscriptions/listen` request as the hub needs it. */
export interface ListenRequest {
  /** The JSON-RPC id of the listen request, number or string as sent: the subscription id. */
  readonly id: RequestId;
  /** The requested `notifications` filter (validated by the method's params schema). */
  readonly filter: SubscriptionFilter;
  /**
   * Where the stream's frames go: the listen request's outlet (HTTP: its SSE response; stdio and
   * WebSocket: the connection). It must write, or queue in order, at once.
   */
  readonly outlet: RequestOutlet;
  /** Aborts when the client ends the stream (HTTP close, `notifications/cancelled`). */
  readonly signal: AbortSignal;
  /** Tasks extension: the caller's task ids to send `notifications/tasks` for (checked). */
  readonly taskIds?: readonly string[];
}

/** An open stream: what it asked for (honoured), its tag and how to end it. */
interface ListenStream {
  readonly meta: { readonly [SUBSCRIPTION_ID_META_KEY]: RequestId };
  readonly kinds: ReadonlySet<string>;
  /** `performance.now()` when it opened: a list change announced from before is not its news. */
  readonly openedAt: number;
  readonly uris: ReadonlySet<string>;
  readonly tasks: ReadonlySet<string>;
  readonly outlet: RequestOutlet;
  end(outcome: { result: SubscriptionsListenResult } | { error: unknown }): void;
}

/**
 * The `subscriptions/listen` streams of one server instance (2026-07-28). `open` acknowledges the
 * honoured filter and registers the stream; `deliver` (fed by the server's MessageBus listener)
 * writes each list change or resource update to the streams that asked for it, tagged with their
 * subscription id; `close` ends every stream with the listen result. Streams are keyed by object,
 * not by request id: stateless clients on different connections may reuse the same id.
 */
export class ListenHub {
  private readonly streams = new Set<ListenStream>();
  private closed = false;

  constructor(
    /** Limits after defaults. */
    readonly limits: ListenLimits,
    /** The server's current capabilities (what can be honoured). */
    private readonly capabilities: () => ServerCapabilities,
    /** Counts each refused stream (the server's refusal counters). */
    private readonly onRefused?: (limit: CapacityLimit) => void,
  ) {}

  /** Number of open streams. */
  get size(): number {
    return this.streams.size;
  }

  /**
   * Opens a stream: writes the acknowledgement (the honoured subset, tagged) on the outlet, then
   * registers the stream. The promise resolves with the listen result when the server closes;
   * when the request's signal aborts the stream is dropped silently (the promise resolves too,
   * and the transport discards the answer of an aborted request).
   * @throws ListenLimitError (-32000, `data.limit` `'maxStreams'`) when `maxStreams` are open,
   *   before writing anything; a `shutdown` CapacityError once closed.
   */
  open(request: ListenRequest): Promise<SubscriptionsListenResult> {
    const { id, filter, outlet, signal } = request;
    const { maxStreams, retryAfterSeconds } = this.limits;
    if (this.closed) {
      this.onRefused?.('shutdown');
      throw new CapacityError('shutdown', 'Server shutting down', retryAfterSeconds);
    }
    if (this.streams.size >= maxStreams) {
      this.onRefused?.('maxStreams');
      throw new ListenLimitError(maxStreams, retryAfterSeconds);
    }
    const honoured = honourFilter(filter, this.capabilities());
    if (request.taskIds) honoured.taskIds = [...new Set(request.taskIds)];
    const meta = { [SUBSCRIPTION_ID_META_KEY]: id };
    const result: SubscriptionsListenResult = { resultType: 'complete', _meta: meta };
    if (signal.aborted) return Promise.resolve(result);
    outlet.notify(ACKNOWLEDGED, { _meta: meta, notifications: honoured });
    return new Promise<SubscriptionsListenResult>((resolve, reject) => {
      const onAbort = () => stream.end({ result });
      const stream: ListenStream = {
        meta,
        kinds: new Set(listKinds(honoured)),
        openedAt: performance.now(),
        uris: new Set(honoured.resourceSubscriptions),
        tasks: new Set(request.taskIds),
        outlet,
        end: (outcome) => {
          if (!this.streams.delete(stream)) return;
          signal.removeEventListener('abort', onAbort);
          if ('error' in outcome) reject(outcome.error);
          else resolve(outcome.result);
        },
      };
      this.streams.add(stream);
      signal.addEventListener('abort', onAbort, { once: true });
    });
  }

  /**
   * Writes a bus event to every stream that asked for it (called for each event of the bus).
   * Broadcasts are not written: a listen stream carries only what its filter asked for.
   */
  deliver(event: McpServerEvent): void {
    for (const stream of this.streams) {
      try {
        if (event.type === 'list-changed') {
          if (!stream.kinds.has(event.kind)) continue;
          if (event.since !== undefined && stream.openedAt > event.since) continue;
          stream.outlet.notify(`notifications/${event.kind}/list_changed`, { _meta: stream.meta });
        } else if (event.type === 'resource-updated' && stream.uris.has(event.uri)) {
          stream.outlet.notify('notifications/resources/updated', {
            uri: event.uri,
            _meta: stream.meta,
          });
        }
      } catch (error) {
        stream.end({ error });
      }
    }
  }

  /**
   * Tasks extension: writes a task's new state (`notifications/tasks`, the detailed task as
   * `tasks/get` would answer) to every stream that asked for that task id.
   */
  deliverTask(taskId: string, task: Record<string, unknown>): void {
    for (const stream of this.streams) {
      if (!stream.tasks.has(taskId)) continue;
      try {
        stream.outlet.notify('notifications/tasks', { ...task, _meta: stream.meta });
      } catch (error) {
        stream.end({ error });
      }
    }
  }

  /**
   * Ends every stream with its listen result (`resultType: 'complete'`) and refuses new ones.
   * Returns how many streams it ended.
   */
  close(): number {
    this.closed = true;
    const open = [...this.streams];
    for (const stream of open)
      stream.end({ result: { resultType: 'complete', _meta: stream.meta } });
    return open.length;
  }
}

/** The list kinds (`tools`, `prompts`, `resources`) an honoured filter asks for. */
function listKinds(filter: SubscriptionFilter): string[] {
  const kinds: string[] = [];
  if (filter.toolsListChanged) kinds.push('tools');
  if (filter.promptsListChanged) kinds.push('prompts');
  if (filter.resourcesListChanged) kinds.push('resources');
  return kinds;
}
