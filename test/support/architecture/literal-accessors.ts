import { readFileSync } from 'node:fs';
import { relative, sep } from 'node:path';
import ts from 'typescript';
import { sourceFiles } from './import-graph.js';

/** One `get`/`set` written inside an object literal. */
export interface LiteralAccessor {
  /** `file:line`, the file relative to the checked root. */
  where: string;
  /** `get signal`, `set value`. */
  accessor: string;
}

/**
 * The accessors written inside object literals of one file's text. V8 gives every evaluation
 * of such a literal its own accessor pair, allocated in old space and pointing at the new
 * getter's closure: whatever the closure reaches (a whole request) then survives every young
 * collection until the next full one. A class getter lives once, on the prototype.
 */
export function literalAccessorsOf(file: string, text: string): LiteralAccessor[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const found: LiteralAccessor[] = [];
  const visit = (node: ts.Node): void => {
    if (
      (ts.isGetAccessorDeclaration(node) || ts.isSetAccessorDeclaration(node)) &&
      ts.isObjectLiteralExpression(node.parent)
    ) {
      const line = source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1;
      const kind = ts.isGetAccessorDeclaration(node) ? 'get' : 'set';
      found.push({ where: `${file}:${line}`, accessor: `${kind} ${node.name.getText(source)}` });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/** Every object-literal accessor of every `.ts` file below `root`. */
export function readLiteralAccessors(root: string): LiteralAccessor[] {
  return sourceFiles(root).flatMap((file) =>
    literalAccessorsOf(relative(root, file).split(sep).join('/'), readFileSync(file, 'utf8')),
  );
}
