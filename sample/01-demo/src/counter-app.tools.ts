import { Injectable } from '@nestjs/common';
import { z } from 'zod';
import { AppView, Tool } from '../../../lib/index.js';
import { COUNTER_VIEW_HTML } from './counter-view.html.js';

const VIEW = 'ui://demo/counter';

/** An MCP App: a tool with a view, and an app-only tool the view calls through its host. */
@Injectable()
export class CounterAppTools {
  private count = 0;

  @AppView({
    uri: VIEW,
    name: 'counter-view',
    title: 'Counter',
    description: 'Shows the counter and increments it on the server',
    html: COUNTER_VIEW_HTML,
    prefersBorder: true,
  })
  counterView() {}

  @Tool({
    name: 'show_counter',
    description: 'Shows the counter in an interactive view (an MCP App); no arguments needed',
    inputSchema: { label: z.string().optional().describe('Shown next to the counter') },
    outputSchema: { count: z.number() },
    annotations: { readOnlyHint: true },
    ui: { view: VIEW },
  })
  showCounter() {
    return { count: this.count };
  }

  @Tool({
    name: 'counter_increment',
    description: 'Increments the counter (called by the counter view)',
    inputSchema: { by: z.number().int().min(1).max(100).default(1) },
    outputSchema: { count: z.number() },
    ui: { view: VIEW, visibility: ['app'] },
  })
  increment({ by }: { by: number }) {
    this.count += by;
    return { count: this.count };
  }
}
