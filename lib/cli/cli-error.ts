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

/**
 * Parses JSON arguments given on the command line: an object, or nothing (empty = `{}`).
 * @throws CliError (usage) naming what is wrong.
 */
export function parseJsonObject(text: string | undefined, what: string): Record<string, unknown> {
  const trimmed = text?.trim() ?? '';
  if (trimmed === '') return {};
  let value: unknown;
  try {
    value = JSON.parse(trimmed);
  } catch (error) {
    throw new CliError(
      `malformed JSON ${what}: ${(error as Error).message} in ${trimmed}`,
      EXIT.usage,
    );
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new CliError(`${what} must be a JSON object, got ${trimmed}`, EXIT.usage);
  }
  return value as Record<string, unknown>;
}
