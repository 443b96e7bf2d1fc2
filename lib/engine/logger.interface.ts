/** Minimal logger the core writes to (Nest's `Logger` satisfies it). */
export interface McpLogger {
  error(message: string, trace?: string): void;
  warn(message: string): void;
  debug?(message: string): void;
}
