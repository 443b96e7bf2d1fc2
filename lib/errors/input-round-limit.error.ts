/**
 * A 2026-07-28 request (tools/call, prompts/get, resources/read) still answered `input_required`
 * after the client fulfilled `limit` rounds of input requests (client option `maxInputRounds`):
 * the client stops retrying instead of looping forever.
 */
export class InputRoundLimitError extends Error {
  constructor(
    /** The request's method. */
    readonly method: string,
    /** The round limit that was reached. */
    readonly limit: number,
  ) {
    super(`${method} still asked for input after ${limit} rounds (maxInputRounds)`);
    this.name = 'InputRoundLimitError';
  }
}
