import { readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import ts from 'typescript';
import { resolveTarget, sourceFiles } from './import-graph.js';

/**
 * The folders of lib/server, lowest first: a file imports only its own folder and lower ranks
 * (issue 23: they imported each other in circles). Files directly in lib/server (`McpServer`,
 * `McpServerCore`, `RequestDispatch`, options, identity, capabilities) sit on top.
 */
export const SERVER_FOLDER_RANK: Readonly<Record<string, number>> = {
  'uri-template': 0,
  schema: 0,
  errors: 0,
  limits: 0,
  telemetry: 0,
  auth: 0,
  listen: 0,
  registry: 1,
  response: 2,
  results: 3,
  mrtr: 4,
  session: 5,
  elicitation: 6,
  context: 7,
  hooks: 8,
  tasks: 8,
  shutdown: 8,
  handlers: 9,
  modern: 10,
  cluster: 11,
  '(root)': 12,
  'server-card': 13,
};

/**
 * Type-only imports that still run up, by folder pair: a handler's signature names `McpContext`
 * (registry → context), the handler host names the server options (handlers → root), a
 * session's own components name the handler host (session → handlers). Types vanish at run
 * time, so no load-order cycle comes from them; the list may shrink, never grow.
 */
export const TYPE_ONLY_UPWARD: ReadonlySet<string> = new Set([
  'registry -> context',
  'handlers -> (root)',
  'session -> handlers',
]);

/** One import between two folders of lib/server. */
export interface ServerImport {
  from: string;
  target: string;
  /** `import type`, or only `type` names: erased at run time. */
  typeOnly: boolean;
}

/** The folder of a path relative to lib/server (`(root)` for files directly in it). */
export function serverFolderOf(path: string): string {
  const parts = path.split('/');
  return parts.length > 1 ? parts[0]! : '(root)';
}

function isTypeOnly(node: ts.ImportDeclaration | ts.ExportDeclaration): boolean {
  if (ts.isExportDeclaration(node)) {
    if (node.isTypeOnly) return true;
    const clause = node.exportClause;
    return !!clause && ts.isNamedExports(clause) && clause.elements.every((e) => e.isTypeOnly);
  }
  const clause = node.importClause;
  if (!clause) return false; // a side-effect import runs
  if (clause.isTypeOnly) return true;
  if (clause.name) return false;
  const bindings = clause.namedBindings;
  return !!bindings && ts.isNamedImports(bindings) && bindings.elements.every((e) => e.isTypeOnly);
}

/** The imports of one file (relative to lib/server) that stay inside lib/server. */
export function serverImportsOf(from: string, text: string): ServerImport[] {
  const source = ts.createSourceFile(from, text, ts.ScriptTarget.Latest, false);
  const found: ServerImport[] = [];
  const add = (specifier: string, typeOnly: boolean) => {
    const target = resolveTarget(from, specifier);
    if (target && !target.startsWith('../')) found.push({ from, target, typeOnly });
  };
  const visit = (node: ts.Node) => {
    if (
      (ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) &&
      node.moduleSpecifier &&
      ts.isStringLiteral(node.moduleSpecifier)
    ) {
      add(node.moduleSpecifier.text, isTypeOnly(node));
    } else if (
      ts.isCallExpression(node) &&
      node.expression.kind === ts.SyntaxKind.ImportKeyword &&
      node.arguments[0] &&
      ts.isStringLiteral(node.arguments[0])
    ) {
      add(node.arguments[0].text, false);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/** Every import inside lib/server (paths relative to it). */
export function readServerImports(serverDir: string): ServerImport[] {
  return sourceFiles(serverDir).flatMap((file) => {
    const from = relative(serverDir, file).split(sep).join('/');
    return serverImportsOf(from, readFileSync(join(file), 'utf8'));
  });
}

/** The imports that run up (or sideways) between folders of lib/server, as readable lines. */
export function findServerFolderViolations(imports: readonly ServerImport[]): string[] {
  const violations: string[] = [];
  for (const { from, target, typeOnly } of imports) {
    const a = serverFolderOf(from);
    const b = serverFolderOf(target);
    if (a === b) continue;
    const rankA = SERVER_FOLDER_RANK[a];
    const rankB = SERVER_FOLDER_RANK[b];
    if (rankA === undefined) {
      violations.push(`${from}: folder "${a}" has no rank in SERVER_FOLDER_RANK`);
      continue;
    }
    if (rankB === undefined) {
      violations.push(`${target}: folder "${b}" has no rank in SERVER_FOLDER_RANK`);
      continue;
    }
    if (rankB < rankA) continue;
    if (typeOnly && TYPE_ONLY_UPWARD.has(`${a} -> ${b}`)) continue;
    violations.push(`${from} imports ${target} (${a} may not import ${b})`);
  }
  return violations;
}
