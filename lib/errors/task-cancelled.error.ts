/** A task the client followed (`callToolAsTask`) ended `cancelled` on the server. */
export class TaskCancelledError extends Error {
  constructor(
    /** The cancelled task's id. */
    readonly taskId: string,
    /** The server's status message, when it gave one. */
    readonly statusMessage?: string,
  ) {
    super(`Task ${taskId} was cancelled${statusMessage ? `: ${statusMessage}` : ''}`);
    this.name = 'TaskCancelledError';
  }
}
