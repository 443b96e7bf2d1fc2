// What the page keeps between clicks: the connection, the lists, the tab shown, the rendered MCP
// App view and the resources subscribed to.
import type { ViewHost } from './app-host.js';
import type { BrowserMcpClient } from './mcp-client.js';

/** A JSON object as the server sends it. */
export type Json = Record<string, unknown>;
/** The lists the page shows, one tab each. */
export type Kind = 'tools' | 'prompts' | 'resources' | 'resourceTemplates' | 'skills';

/** The page's one state (one connection at a time). */
export const state: {
  /** The MCP endpoint the page talks to. */
  endpoint: string;
  client?: BrowserMcpClient;
  lists: Record<Kind, Json[]>;
  kind: Kind;
  view?: ViewHost;
  /** The origin MCP App views are rendered on (the app's sandbox listener). */
  sandbox: string;
  subscriptions: Set<string>;
} = {
  endpoint: '',
  sandbox: '',
  lists: { tools: [], prompts: [], resources: [], resourceTemplates: [], skills: [] },
  kind: 'tools',
  subscriptions: new Set(),
};

/** The rendered view, if any (a function: TypeScript would narrow the field across awaits). */
export function currentView(): ViewHost | undefined {
  return state.view;
}
