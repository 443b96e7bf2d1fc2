import { Injectable } from '@nestjs/common';
import { z } from 'zod';
import {
  McpContext,
  McpMethod,
  McpServer,
  OnMcpSessionEnded,
  Tool,
  type McpSessionEndedEvent,
} from '../../../lib/index.js';

/**
 * Per-session components, a custom method and broadcast: `login` unlocks a `vault` tool for the
 * calling session only; `announce` sends a custom notification to every session.
 */
@Injectable()
export class SessionDemoTools {
  constructor(private readonly server: McpServer) {}

  @Tool({
    description: 'Logs in: unlocks the vault tool for this session only',
    inputSchema: { user: z.string().min(1) },
  })
  login({ user }: { user: string }, ctx: McpContext) {
    const components = ctx.sessionComponents; // -32600 for a stateless 2026-07-28 request
    if (components.own.tools.get('vault')) return `Already logged in`;
    ctx.session?.state.set('user', user);
    components.registerTool(
      { name: 'vault', description: `${user}'s vault (this session only)` },
      () => `Secrets of ${user}`,
    );
    return `Welcome ${user}: the vault tool is unlocked for this session`;
  }

  @Tool({
    description: 'Sends a message to every connected session (notification demo/announcement)',
    inputSchema: { text: z.string() },
  })
  announce({ text }: { text: string }) {
    this.server.sendNotification('demo/announcement', { text });
    return 'Announced';
  }

  /** A vendor method: `demo/time`, in both eras. */
  @McpMethod('demo/time')
  time() {
    return { now: new Date().toISOString() };
  }

  @OnMcpSessionEnded()
  ended(event: McpSessionEndedEvent) {
    event.state.clear();
  }
}
