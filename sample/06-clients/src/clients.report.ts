/** What the showcase observed of one client. */
export interface ClientReport {
  /** `serverInfo.name` from the handshake. */
  server: string;
  /** Negotiated protocol revision. */
  protocolVersion: string;
  /** Names of the server's tools (every page). */
  tools: string[];
  /** Progress values `callTool$` emitted for the long-running call, in order. */
  progress: number[];
  /** Text of that call's result. */
  result: string;
  /** Log messages received on `logs$` so far. */
  logs: number;
  /** Progress notifications received on `progress$` so far. */
  progressEvents: number;
  /** `notifications/tools/list_changed` received on `toolsChanged$` so far. */
  toolsChanged: number;
}

/** The showcase's result: one report per client. */
export interface ShowcaseReport {
  demo: ClientReport;
  everything: ClientReport;
}

/** Counters of the streams of one client. */
export interface StreamCounters {
  logs: number;
  progressEvents: number;
  toolsChanged: number;
}
