import { Controller, Get, Injectable, Query, UsePipes } from '@nestjs/common';
import { Observable } from 'rxjs';
import { z } from 'zod';
import { getCurrentMcpContext, McpArgs, RouteTool, Tool } from '../../../../lib/index.js';
import { EndlessProbe } from '../../support/endless-probe.js';
import { TrimStringsPipe } from './piped.tools.js';

/**
 * Tools whose parameters are all decorated, so the call's context reaches the library only as
 * the pipeline's hidden parameter (or through `getCurrentMcpContext()`): streaming progress,
 * cancellation and the ambient context, with and without `asyncContext`.
 */
@Injectable()
export class ContextTools {
  /** What `hang` emitted and whether it was unsubscribed. */
  readonly hangProbe = new EndlessProbe(20);

  @Tool({
    description: 'Counts to `to` as progress, then answers',
    inputSchema: { to: z.number() },
  })
  @UsePipes(TrimStringsPipe) // a method pipe runs on every parameter, the hidden one too
  count(@McpArgs('to') to: number) {
    return new Observable<number | { content: Array<{ type: 'text'; text: string }> }>(
      (subscriber) => {
        for (let i = 1; i <= to; i++) subscriber.next(i);
        subscriber.next({ content: [{ type: 'text', text: `counted to ${to}` }] });
        subscriber.complete();
      },
    );
  }

  @Tool({ description: 'Emits progress until unsubscribed' })
  hang(@McpArgs() _args: object) {
    return this.hangProbe.observable();
  }

  /** Holds `ambientLater` until the test lets it go. */
  private gate = ContextTools.closedGate();
  /** Calls of `ambientLater` waiting at the gate. */
  waiting = 0;

  /** Lets the waiting `ambientLater` calls go on, and closes the gate behind them. */
  openGate(): void {
    this.gate.open();
    this.gate = ContextTools.closedGate();
  }

  private static closedGate(): { promise: Promise<void>; open: () => void } {
    let open!: () => void;
    const promise = new Promise<void>((resolve) => (open = resolve));
    return { promise, open };
  }

  @Tool({
    description: 'Waits at the gate, then says whether getCurrentMcpContext() is as it was before',
  })
  async ambientLater(@McpArgs() _args: object) {
    const ctx = getCurrentMcpContext();
    this.waiting += 1;
    await this.gate.promise;
    this.waiting -= 1;
    await new Promise((resolve) => setImmediate(resolve));
    let text: string;
    try {
      const current = getCurrentMcpContext();
      text = current && current === ctx ? 'own context' : `other: ${current?.method ?? '(none)'}`;
    } catch (error) {
      text = `threw: ${(error as Error).message}`;
    }
    return { content: [{ type: 'text', text }] };
  }

  @Tool({ description: 'Says what getCurrentMcpContext() gives' })
  ambient(@McpArgs() _args: object) {
    let text: string;
    try {
      text = `method ${getCurrentMcpContext()?.method ?? '(none)'}`;
    } catch (error) {
      text = `threw: ${(error as Error).message}`;
    }
    return { content: [{ type: 'text', text }] };
  }
}

/** A route tool with a decorated parameter whose handler streams progress. */
@Controller('ticks')
export class TicksController {
  @Get()
  @RouteTool({ description: 'Ticks `n` times as progress' })
  tick(@Query('n') n: string) {
    return new Observable<number | { ticks: number }>((subscriber) => {
      const count = Number(n);
      for (let i = 1; i <= count; i++) subscriber.next(i);
      subscriber.next({ ticks: count });
      subscriber.complete();
    });
  }
}
