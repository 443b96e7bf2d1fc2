import { Injectable } from '@nestjs/common';
import { OnMcpSessionEnded, type McpSessionEndedEvent } from '../../../lib/index.js';

/** One session end seen by this instance's hook. */
export interface EndedHere {
  readonly sessionId: string | undefined;
  readonly cause: string;
  readonly clientName: string | undefined;
  /** `ctx.session.state`'s `count` when it ended (what cleanup code would read). */
  readonly count: unknown;
}

/** The session ends this instance's `@OnMcpSessionEnded` hook ran for (read by `GET /debug/stats`). */
export const endedHere: EndedHere[] = [];

/**
 * Where a service puts its per-session cleanup: runs once per session in the whole service, on
 * the instance that saw the session end (DELETE, a lost or expired record, shutdown).
 */
@Injectable()
export class SessionEndHooks {
  @OnMcpSessionEnded()
  ended(event: McpSessionEndedEvent) {
    endedHere.push({
      sessionId: event.sessionId,
      cause: event.cause,
      clientName: event.clientInfo?.name,
      count: event.state.get('count'),
    });
  }
}
