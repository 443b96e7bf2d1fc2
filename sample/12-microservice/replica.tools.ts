import { Injectable } from '@nestjs/common';
import { z } from 'zod';
import { Tool } from '../../lib/index.js';

const REPLICA = process.env.REPLICA ?? 'replica';
/** `HANG=1`: the slow tools never answer on this replica (the e2e kills it mid-call). */
const HANG = process.env.HANG === '1';

/** Waits forever on a hanging replica, answers at once elsewhere. */
function slow(tool: string, answer: string): Promise<string> | string {
  console.log(`STARTED ${tool} on ${REPLICA}`);
  return HANG ? new Promise<string>(() => {}) : answer;
}

/** The tools every replica serves; each answer names the replica that ran it. */
@Injectable()
export class ReplicaTools {
  @Tool({
    description: 'Reads a stock level (read-only: safe to run again on another replica)',
    inputSchema: { item: z.string() },
    annotations: { readOnlyHint: true },
  })
  stock({ item }: { item: string }) {
    return slow('stock', `${item}: 7 in stock (replica ${REPLICA})`);
  }

  @Tool({
    description: 'Places an order (not idempotent: never run twice)',
    inputSchema: { item: z.string() },
    annotations: { readOnlyHint: false, idempotentHint: false },
  })
  order({ item }: { item: string }) {
    return slow('order', `ordered ${item} (replica ${REPLICA})`);
  }
}
