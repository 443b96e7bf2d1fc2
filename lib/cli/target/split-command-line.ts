/**
 * Splits a command line into words the way a POSIX shell does for simple cases: whitespace
 * separates, single quotes keep everything, double quotes keep everything but `\"` and `\\`, a
 * backslash outside quotes escapes the next character. No variables, globs or pipes.
 * @throws Error on an unterminated quote.
 */
export function splitCommandLine(line: string): string[] {
  const words: string[] = [];
  let word = '';
  let started = false;
  let quote: "'" | '"' | undefined;
  for (let i = 0; i < line.length; i++) {
    const c = line[i]!;
    if (quote === "'") {
      if (c === "'") quote = undefined;
      else word += c;
    } else if (quote === '"') {
      if (c === '"') quote = undefined;
      else if (c === '\\' && (line[i + 1] === '"' || line[i + 1] === '\\')) word += line[++i];
      else word += c;
    } else if (c === "'" || c === '"') {
      quote = c;
      started = true;
    } else if (c === '\\' && i + 1 < line.length) {
      word += line[++i];
      started = true;
    } else if (/\s/.test(c)) {
      if (started) words.push(word);
      word = '';
      started = false;
    } else {
      word += c;
      started = true;
    }
  }
  if (quote) throw new Error(`unterminated ${quote} quote in: ${line}`);
  if (started) words.push(word);
  return words;
}
