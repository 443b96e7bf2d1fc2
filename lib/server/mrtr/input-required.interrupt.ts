/**
 * The reason a handler's signal aborts, and the rejection of its pending `ctx.elicit()`,
 * `ctx.sample()` and `ctx.listRoots()` calls, when a 2026-07-28 request suspends to ask the client
 * for input (`resultType: "input_required"`). The handler runs again from the top when the
 * client retries with the answers; whatever it does after the interrupt is discarded.
 */
export class InputRequiredInterrupt extends Error {
  constructor() {
    super(
      'The request suspended to ask the client for input; the handler runs again with the answers',
    );
    this.name = 'InputRequiredInterrupt';
  }
}

/**
 * True for the interrupt of a suspended input round. A `catch` around `ctx.elicit()` (or
 * `sample`/`listRoots`) must rethrow it: `if (isInputRequired(error)) throw error;`.
 */
export function isInputRequired(error: unknown): error is InputRequiredInterrupt {
  return error instanceof InputRequiredInterrupt;
}
