// How a panel shows what came back: a result box, and an error as text.
import { h } from './dom.js';
import { RpcError } from './mcp-client.js';

/** A result box (`#result`) and `show`, writing a value in it (JSON indented; red if an error). */
export function output(): { box: HTMLElement; show(value: unknown, error?: boolean): void } {
  const box = h('pre', { id: 'result', class: 'result' });
  return {
    box,
    show(value, error = false) {
      box.textContent = typeof value === 'string' ? value : JSON.stringify(value, null, 2);
      box.classList.toggle('error', error);
    },
  };
}

/** An error as the page shows it: a JSON-RPC error with its code, anything else by its message. */
export function errorText(error: unknown): string {
  return error instanceof RpcError
    ? `Error ${error.code}: ${error.message}`
    : String((error as Error).message ?? error);
}
