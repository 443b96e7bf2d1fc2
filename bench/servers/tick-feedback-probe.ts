/**
 * Preloaded (`--import`, after the memory probe) into a bench server process that
 * `bench/tick-feedback.ts` starts with `--allow-natives-syntax`. Asked `{ op: 'tick-feedback' }`
 * over IPC, it prints V8's description of `process.nextTick` to stdout (`%DebugPrint`: the
 * function's feedback vector, one line per slot) and exits, so that the output is flushed and
 * the parent reads it whole. No project imports, like the memory probe.
 */

/** `%DebugPrint`, compiled here: a syntax error at once when the flag is missing. */
const debugPrint = new Function('value', '%DebugPrint(value)') as (value: unknown) => void;

if (process.send) {
  process.on('message', (request: { op?: string }) => {
    // Other questions are the memory probe's or the server's own.
    if (request?.op !== 'tick-feedback') return;
    // V8 prints through C's stdio onto fd 1, which Node made non-blocking: a write the pipe
    // cannot take at once would be dropped, and the output cut short. Blocking writes first.
    const stdout = process.stdout as unknown as { _handle?: { setBlocking?(on: boolean): void } };
    stdout._handle?.setBlocking?.(true);
    debugPrint(process.nextTick);
    process.exit(0);
  });
}
