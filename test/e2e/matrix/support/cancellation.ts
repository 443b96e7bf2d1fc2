import type { CancellationRecord } from '../../../../sample/07-matrix-stdio/src/matrix.state.js';
import { waitFor } from '../../support/wait.js';

/** Reads what the server recorded of a `wait_for_cancel` call (the `cancellation_status` tool). */
export type CancellationReader = () => Promise<CancellationRecord>;

/** Polls (bounded) until the server recorded that the call started. */
export async function waitForStart(read: CancellationReader): Promise<void> {
  await waitFor(async () => (await read()).started, { description: 'the tool to start' });
}

/** Polls (bounded) until the server recorded that the call's AbortSignal fired; returns the record. */
export function waitForAbort(read: CancellationReader): Promise<CancellationRecord> {
  return waitFor(
    async () => {
      const record = await read();
      return record.aborted && record;
    },
    { description: 'the server tool’s AbortSignal to fire' },
  );
}
