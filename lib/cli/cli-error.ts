/** Exit codes of the `nestjs-mcp` command. */
export const EXIT = {
  /** Done. */
  ok: 0,
  /** The operation failed: an MCP error, an unknown tool, a tool result with `isError`. */
  failed: 1,
  /** The command line or its input was wrong: unknown option, malformed JSON arguments. */
  usage: 2,
  /** The server could not be reached or the handshake failed. */
  unreachable: 3,
} as const;

/** A failure the CLI reports as one `error:` line and turns into an exit code. */
export class CliError extends Error {
  constructor(
    message: string,
    /** The process exit code it stands for (see {@link EXIT}). */
    readonly exitCode: number,
  ) {
    super(message);
    this.name = 'CliError';
  }
}
