/**
 * Text edits of a Nest module file (`app.module.ts`), as `nest g service` makes them: an import
 * statement after the last one, an entry in one of the `@Module({...})` arrays. Plain text
 * scanning (brackets counted outside strings and comments), so the file's own formatting stays.
 */

/** Adds `import { symbol } from 'from';` after the file's last import, unless `symbol` is imported. */
export function addImport(source: string, symbol: string, from: string): string {
  if (new RegExp(`import\\s*(type\\s+)?\\{[^}]*\\b${symbol}\\b[^}]*\\}`).test(source)) {
    return source;
  }
  const statement = `import { ${symbol} } from '${from}';\n`;
  const imports = [...source.matchAll(/^import[\s\S]*?from\s*['"][^'"]+['"];?[^\n]*\n/gm)];
  const last = imports.at(-1);
  if (last === undefined) return statement + source;
  const end = last.index + last[0].length;
  return source.slice(0, end) + statement + source.slice(end);
}

/** The index of the bracket closing the one at `open` (`(`, `[` or `{`), skipping strings. */
function closingBracket(source: string, open: number): number {
  let depth = 0;
  for (let i = open; i < source.length; i++) {
    const char = source[i]!;
    if (char === "'" || char === '"' || char === '`') {
      i = source.indexOf(char, i + 1);
      if (i < 0) break;
    } else if (char === '/' && source[i + 1] === '/') {
      i = source.indexOf('\n', i);
      if (i < 0) break;
    } else if ('([{'.includes(char)) depth++;
    else if (')]}'.includes(char) && --depth === 0) return i;
  }
  throw new Error(`unbalanced brackets from offset ${open}`);
}

/** The `{...}` of the first `@Module(...)`, as [open, close] offsets. */
function moduleMetadata(source: string): [number, number] {
  const decorator = source.indexOf('@Module(');
  const open = decorator < 0 ? -1 : source.indexOf('{', decorator);
  if (open < 0) throw new Error('no @Module({ ... }) in the module file');
  return [open, closingBracket(source, open)];
}

/** The offset of the top-level `key:` inside the metadata object, or -1. */
function keyOffset(source: string, [open, close]: [number, number], key: string): number {
  for (let i = open + 1; i < close; i++) {
    const char = source[i]!;
    if ('([{\'"`'.includes(char)) {
      i = '\'"`'.includes(char) ? source.indexOf(char, i + 1) : closingBracket(source, i);
    } else if (source.startsWith(key, i) && /^\s*:/.test(source.slice(i + key.length))) {
      if (!/[\w$]/.test(source[i - 1]!)) return i;
    }
  }
  return -1;
}

/** Inserts `entry` as the last element of the array `[open..close]`, in the array's own layout. */
function appendToArray(source: string, open: number, close: number, entry: string): string {
  const inner = source.slice(open + 1, close);
  if (inner.trim() === '') return `${source.slice(0, open + 1)}${entry}${source.slice(close)}`;
  const lastChar = open + 1 + inner.trimEnd().length; // just past the last element
  if (!inner.includes('\n')) {
    const head = source.slice(0, lastChar).replace(/,\s*$/, '');
    return `${head}, ${entry}${source.slice(lastChar)}`;
  }
  const indent = /\n([ \t]*)\S[^\n]*$/.exec(source.slice(0, lastChar))?.[1] ?? '    ';
  const comma = source[lastChar - 1] === ',' ? '' : ',';
  return `${source.slice(0, lastChar)}${comma}\n${indent}${entry},${source.slice(lastChar)}`;
}

/**
 * Adds `entry` to the `key` array of the file's `@Module({...})` (creating the property when the
 * metadata has none); unchanged when an element already starts with `entry`'s identifier.
 */
export function addToModuleArray(source: string, key: string, entry: string): string {
  const metadata = moduleMetadata(source);
  const identifier = /^[\w$]+/.exec(entry)![0];
  const at = keyOffset(source, metadata, key);
  if (at < 0) {
    const [open] = metadata;
    const body = source.slice(open + 1, metadata[1]).trim();
    const indent = (body !== '' && /\n([ \t]*)\S/.exec(source.slice(open))?.[1]) || '  ';
    const property = `\n${indent}${key}: [${entry}],`;
    return body === ''
      ? `${source.slice(0, open + 1)}${property}\n${source.slice(metadata[1])}`
      : `${source.slice(0, open + 1)}${property}${source.slice(open + 1)}`;
  }
  const arrayOpen = source.indexOf('[', at);
  const arrayClose = closingBracket(source, arrayOpen);
  const elements = source.slice(arrayOpen + 1, arrayClose);
  if (new RegExp(`(^|[\\s,])${identifier.replace('$', '\\$')}\\b`).test(elements)) return source;
  return appendToArray(source, arrayOpen, arrayClose, entry);
}
