import { Injectable } from '@nestjs/common';
import type { McpManagedClientOptions } from '../../client/manager/mcp-client-manager-options.interface.js';
import { McpError } from '../../errors/mcp.error.js';
import { ErrorCode } from '../../protocol/error-codes.js';
import type { McpCallOptions } from '../../client/mcp-client-options.interface.js';
import type {
  CreateMessageRequestParams,
  CreateMessageResult,
  ElicitRequestParams,
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
 * (`ctx.elicit`, `ctx.sample`). Where the upstream's transport tells which call a request was
 * sent for (Streamable HTTP: the call's reply stream; NATS, RabbitMQ: the call's replies), it goes
 * to that call ({@link inputOf}, the call's `McpCallOptions.input`). Over stdio, WebSocket and
 * legacy SSE the protocol does not say it: it goes to that server's most recent call in flight;
 * with none, the upstream gets an error. Under a 2026-07-28 downstream request the answer is an
 * input round: the upstream call is abandoned and the round's `input_required` goes to the
 * client, whose retry calls the upstream again with the answer at hand.
 */
@Injectable()
export class UpstreamInputRelay {
  private readonly calls = new Map<string, RelayedCall[]>();
  /** Each tracked call by the signal `track` gave it. */
  private readonly bySignal = new WeakMap<AbortSignal, RelayedCall>();

  /** The client options of a server, with elicitation and sampling forwarded downstream. */
  clientOptions(server: string, own: McpManagedClientOptions = {}): McpManagedClientOptions {
    return {
      // Views pass through: upstream servers list `_meta.ui` and app-only tools to the gateway,
      // which lists them on only to downstream clients that declare MCP Apps.
      apps: true,
      ...own,
      ...this.handlers(() => this.latest(server)),
    };
  }

  /**
   * The `input` of the upstream call made with `signal` (from {@link track}): its related server
   * requests go to its own downstream request. Undefined for a signal `track` did not give.
   */
  inputOf(signal: AbortSignal): McpCallOptions['input'] {
    const entry = this.bySignal.get(signal);
    return entry && this.handlers(() => entry);
  }

  /** Runs `call` as a call in flight on `server` (so its upstream requests reach `ctx`). */
  async track<T>(server: string, ctx: McpContext, call: (signal: AbortSignal) => Promise<T>) {
    const entry: RelayedCall = { ctx, abort: new AbortController() };
    const list = this.calls.get(server) ?? [];
    list.push(entry);
    this.calls.set(server, list);
    const signal = AbortSignal.any([ctx.signal, entry.abort.signal]);
    this.bySignal.set(signal, entry);
    try {
      return await call(signal);
    } catch (error) {
      throw entry.interrupt ?? error;
    } finally {
      list.splice(list.indexOf(entry), 1);
      if (list.length === 0) this.calls.delete(server);
    }
  }

  private handlers(entry: () => RelayedCall) {
    return {
      elicitation: (params: ElicitRequestParams) => this.ask(entry(), (ctx) => ctx.elicit(params)),
      sampling: (params: CreateMessageRequestParams) =>
        this.ask(entry(), (ctx) => ctx.sample(params)),
      listRoots: async () => (await this.ask(entry(), (ctx) => ctx.listRoots())).roots,
    };
  }

  private latest(server: string): RelayedCall {
    const entry = this.calls.get(server)?.at(-1);
    if (!entry) {
      throw new McpError(
        ErrorCode.InvalidRequest,
        'No client request in flight to forward this request to',
      );
    }
    return entry;
  }

  private async ask<T extends ElicitResult | CreateMessageResult | ListRootsResult>(
    entry: RelayedCall,
    ask: (ctx: McpContext) => Promise<T>,
  ): Promise<T> {
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
