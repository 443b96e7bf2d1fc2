/** What counts as a spec-shaped answer, shared by the transport drivers. */

/** True for one JSON-RPC 2.0 response or notification/request object. */
export function isJsonRpcShaped(value: unknown): boolean {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const m = value as Record<string, unknown>;
  if (m.jsonrpc !== '2.0') return false;
  if ('error' in m) {
    const e = m.error as Record<string, unknown> | null;
    return typeof e?.code === 'number' && typeof e.message === 'string';
  }
  return 'result' in m || typeof m.method === 'string';
}

/** True for JSON text holding one JSON-RPC message or a batch of them. */
export function isJsonRpcText(text: string): boolean {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return false;
  }
  return Array.isArray(value) ? value.every(isJsonRpcShaped) : isJsonRpcShaped(value);
}

/** Counts answers that were not spec-shaped, with a few examples. */
export class Verdicts {
  readonly bad: string[] = [];
  answered = 0;

  check(ok: boolean, what: string): void {
    this.answered++;
    if (!ok && this.bad.length < 20) this.bad.push(what.slice(0, 300));
    else if (!ok) this.bad.push('');
  }
}
