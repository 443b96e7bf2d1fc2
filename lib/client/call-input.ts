import type { OutgoingRequestOptions } from '../engine/json-rpc-peer.interface.js';
import { relatedRequestOf } from '../engine/related-request.js';
import type { JsonRpcRequest, RequestId } from '../protocol/json-rpc.js';
import type { McpCallOptions, McpClientOptions } from './mcp-client-options.interface.js';

/** A call's own answers to the server requests related to it (`McpCallOptions.input`). */
export type McpCallInput = Pick<McpClientOptions, 'elicitation' | 'sampling' | 'listRoots'>;

/**
 * The calls of a client that answer their related server requests themselves: a server request
 * (`elicitation/create`, `sampling/createMessage`, `roots/list`) the transport related to a call
 * (`relateToRequest`: its reply stream, its broker replies) goes to that call's `input`, any
 * other to the client's own handlers.
 */
export class CallInputs {
  private readonly byId = new Map<RequestId, McpCallInput>();

  /** The call's options, registering its `input` under each id it is sent with. */
  wrap<O extends McpCallOptions & OutgoingRequestOptions>(options: O): O {
    const input = options.input;
    if (!input) return options;
    const own = options.onRequestId;
    return {
      ...options,
      onRequestId: (id: RequestId) => {
        this.byId.set(id, input);
        own?.(id);
      },
    };
  }

  /** Forgets the ids `options` (from {@link wrap}) was sent with: the call ended. */
  release(options: McpCallOptions): void {
    const input = options.input;
    if (!input) return;
    for (const [id, held] of this.byId) if (held === input) this.byId.delete(id);
  }

  /** The handlers answering `request`: its call's `input` over the client's `options`. */
  handlersFor<T extends McpCallInput>(request: JsonRpcRequest, options: T): T {
    const related = relatedRequestOf(request);
    const input = related === undefined ? undefined : this.byId.get(related);
    return input ? { ...options, ...input } : options;
  }
}
