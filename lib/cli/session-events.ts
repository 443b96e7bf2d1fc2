import type { Subscription } from 'rxjs';
import type { McpClient } from '../client/mcp-client.js';
import type { McpCallProgress } from '../client/mcp-client-options.interface.js';
import { StdioClientTransport } from '../transports/stdio/stdio-client.transport.js';
import type { CliSession } from './cli-session.js';
import { TappedTransport } from './target/tapped-transport.js';

/** Notifications shown by their own streams (logs, progress), not as raw notifications. */
const OWN_STREAMS = new Set(['notifications/message', 'notifications/progress']);

/** Plumbing of the client itself (the listen stream's acknowledgement): shown with `-v` only. */
const PLUMBING = new Set(['notifications/subscriptions/acknowledged']);

/** Which name list a list-changed notification makes stale. */
const REFRESH: Record<string, (s: CliSession) => Promise<unknown>> = {
  'notifications/tools/list_changed': (s) => s.refreshTools(),
  'notifications/prompts/list_changed': (s) => s.refreshPrompts(),
  'notifications/resources/list_changed': (s) => s.refreshResources(),
};

/** A progress notification as one line: `[progress] 3/5 step 3 of 5`. */
export function formatProgress(p: McpCallProgress): string {
  const amount = p.total === undefined ? `${p.progress}` : `${p.progress}/${p.total}`;
  return `[progress] ${amount}${p.message ? ` ${p.message}` : ''}`;
}

function formatData(data: unknown): string {
  return typeof data === 'string' ? data : JSON.stringify(data);
}

/** Which events {@link followSessionEvents} prints besides logs. */
export interface SessionEventOptions {
  /** Notifications (list changes, resource updates, ...): always in the REPL, `-v` in one-shot. */
  notifications: boolean;
}

/**
 * Prints what the server sends on its own while the CLI runs: log messages, notifications
 * (list changes also refresh the completion lists), and with `-v` state changes, transport
 * problems and a launched server's stderr, of `client` (default: the session's). Returns the
 * subscriptions to end on exit.
 */
export function followSessionEvents(
  session: CliSession,
  options: SessionEventOptions,
  client: McpClient = session.client,
): Subscription[] {
  const { out } = session;
  const subscriptions = [
    client.logs$.subscribe((log) =>
      out.event(`[log ${log.level}]${log.logger ? ` ${log.logger}:` : ''} ${formatData(log.data)}`),
    ),
    client.notifications$.subscribe((n) => {
      if (OWN_STREAMS.has(n.method)) return;
      const text = `[notification] ${n.method}${n.params ? ` ${JSON.stringify(n.params)}` : ''}`;
      if (options.notifications && !PLUMBING.has(n.method)) out.event(text);
      else out.detail(1, text);
      void REFRESH[n.method]?.(session).catch(() => undefined);
    }),
    client.state$.subscribe((state) => out.detail(1, `[state] ${state}`)),
    client.errors$.subscribe((error) => out.detail(1, `[transport] ${error.message}`)),
  ];
  followStderr(client, (line) => out.detail(1, `[server stderr] ${line}`), subscriptions);
  return subscriptions;
}

function followStderr(client: McpClient, show: (line: string) => void, into: Subscription[]) {
  const transport = client.transport;
  const inner = transport instanceof TappedTransport ? transport.inner : transport;
  if (inner instanceof StdioClientTransport) into.push(inner.stderr$.subscribe(show));
}
