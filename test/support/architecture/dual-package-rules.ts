/**
 * The dual-package rule: the CommonJS and the ESM build of nestjs-mcp may both be loaded in one
 * process, so a DI token or a metadata key must be equal across the two copies. Strings and
 * registry symbols (`Symbol.for`) are; a `Symbol('...')` is unique to the copy that made it.
 */
const UNIQUE_SYMBOL = /(?<![\w.])Symbol\s*\(/g;

/** One `Symbol(...)` call found in a source file. */
export interface DualPackageHazard {
  /** The file, relative to the checked root. */
  file: string;
  /** 1-based line of the call. */
  line: number;
}

/** The `Symbol(...)` calls of one file's text (comments included: cheap and strict). */
export function findUniqueSymbols(file: string, text: string): DualPackageHazard[] {
  return [...text.matchAll(UNIQUE_SYMBOL)].map((match) => ({
    file,
    line: text.slice(0, match.index).split('\n').length,
  }));
}
