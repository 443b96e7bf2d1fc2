import { filter, map, type Observable } from 'rxjs';
import type { JsonRpcNotification } from '../protocol/json-rpc.js';
import type { McpLogMessage, McpProgressEvent } from './mcp-client-events.interface.js';

/** The typed notification streams of a client, views of its checked notifications. */
export interface ClientStreams {
  readonly logs$: Observable<McpLogMessage>;
  readonly progress$: Observable<McpProgressEvent>;
  readonly elicitationComplete$: Observable<string>;
}

/** Builds the typed streams over the notifications whose params matched their schema. */
export function createClientStreams(checked: Observable<JsonRpcNotification>): ClientStreams {
  const params = <T>(method: string) =>
    checked.pipe(
      filter((n) => n.method === method),
      map((n) => (n.params ?? {}) as T),
    );
  return {
    logs$: params<McpLogMessage>('notifications/message'),
    progress$: params<McpProgressEvent>('notifications/progress'),
    elicitationComplete$: params<{ elicitationId: string }>(
      'notifications/elicitation/complete',
    ).pipe(map((p) => p.elicitationId)),
  };
}
