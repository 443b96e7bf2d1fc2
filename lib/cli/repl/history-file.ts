import { readFileSync, writeFileSync } from 'node:fs';

/** Most lines kept in the history file. */
const KEEP = 500;

/** The saved history, newest first (what readline takes); empty when there is none. */
export function loadHistory(path: string | undefined): string[] {
  if (!path) return [];
  try {
    return readFileSync(path, 'utf8').split('\n').filter(Boolean).reverse().slice(0, KEEP);
  } catch {
    return [];
  }
}

/** Writes the history (newest first, as readline reports it) oldest line first; errors ignored. */
export function saveHistory(path: string | undefined, history: readonly string[]): void {
  if (!path) return;
  try {
    writeFileSync(path, `${[...history].slice(0, KEEP).reverse().join('\n')}\n`, { mode: 0o600 });
  } catch {
    // A read-only home must not break the REPL.
  }
}
