import { Injectable } from '@nestjs/common';
import type { McpManagedClientOptions } from '../../client/manager/mcp-client-manager-options.interface.js';
import { McpError } from '../../errors/mcp.error.js';
import { ErrorCode } from '../../protocol/error-codes.js';
import type {
  CreateMessageResult,
  ElicitResult,
  ListRootsResult,
} from '../../protocol/schema/index.js';
import type { McpContext } from '../../server/context/mcp-context.js';
import { isInputRequired } from '../../server/mrtr/input-required.interrupt.js';

/** One forwarded call in flight: its downstream context and what interrupted it. */
export interface RelayedCall {
  readonly ctx: McpContext;
  /** Aborts the upstream call when the downstream input round must end first (2026-07-28). */
  readonly abort: AbortController;
  /** The `input_required` interrupt the downstream raised (rethrown by the handler). */
  interrupt?: unknown;
}

/**
 * Forwards the requests upstream servers make during a forwarded call (`elicitation/create`,
 * `sampling/createMessage`, `roots/list`) to the downstream client, through the call's `McpContext`
 * (`ctx.elicit`, `ctx.sample`). The protocol does not say which of a server's calls a request
 * belongs to, so it goes to that server's most recent call in flight; with none, the upstream
 * gets an error. Under a 2026-07-28 downstream request the answer is an input round: the upstream
 * call is abandoned and the round's `input_required` goes to the client, whose retry calls the
 * upstream again with the answer at hand.
 */
@Injectable()
export class UpstreamInputRelay {
  private readonly calls = new Map<string, RelayedCall[]>();

  /** The client options of a server, with elicitation and sampling forwarded downstream. */
  clientOptions(server: string, own: McpManagedClientOptions = {}): McpManagedClientOptions {
    return {
      // Views pass through: upstream servers list `_meta.ui` and app-only tools to the gateway,
      // which lists them on only to downstream clients that declare MCP Apps.
      apps: true,
      ...own,
      elicitation: (params) => this.forward(server, (ctx) => ctx.elicit(params)),
      sampling: (params) => this.forward(server, (ctx) => ctx.sample(params)),
      listRoots: async () => (await this.forward(server, (ctx) => ctx.listRoots())).roots,
    };
  }

  /** Runs `call` as a call in flight on `server` (so its upstream requests reach `ctx`). */
  async track<T>(server: string, ctx: McpContext, call: (signal: AbortSignal) => Promise<T>) {
    const entry: RelayedCall = { ctx, abort: new AbortController() };
    const list = this.calls.get(server) ?? [];
    list.push(entry);
    this.calls.set(server, list);
    try {
      return await call(AbortSignal.any([ctx.signal, entry.abort.signal]));
    } catch (error) {
      throw entry.interrupt ?? error;
    } finally {
      list.splice(list.indexOf(entry), 1);
      if (list.length === 0) this.calls.delete(server);
    }
  }

  private async forward<T extends ElicitResult | CreateMessageResult | ListRootsResult>(
    server: string,
    ask: (ctx: McpContext) => Promise<T>,
  ): Promise<T> {
    const entry = this.calls.get(server)?.at(-1);
    if (!entry) {
      throw new McpError(
        ErrorCode.InvalidRequest,
        'No client request in flight to forward this request to',
      );
    }
    try {
      return await ask(entry.ctx);
    } catch (error) {
      if (isInputRequired(error)) {
        entry.interrupt = error;
        entry.abort.abort(error);
      }
      throw error;
    }
  }
}
