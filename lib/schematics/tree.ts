/**
 * The part of an Angular-devkit schematic's `Tree` and context the schematics of this package
 * use. Declared here, structurally, so the package needs `@angular-devkit/schematics` neither at
 * run time nor for its types: the Nest CLI (`nest add`, `nest g -c nestjs-mcp`) runs the
 * factories with its own copy and hands them its own tree.
 */
export interface SchematicTree {
  read(path: string): Buffer | null;
  exists(path: string): boolean;
  create(path: string, content: string): void;
  overwrite(path: string, content: string): void;
  getDir(path: string): { readonly subfiles: readonly string[] };
}

/** The part of a schematic's context used here: its logger. */
export interface SchematicLog {
  logger: { info(message: string): void; warn(message: string): void };
}

/** A schematic rule: edits the tree in place. */
export type SchematicRule = (tree: SchematicTree, context: SchematicLog) => void;

/** The text of `path`, or undefined when it does not exist. */
export function readText(tree: SchematicTree, path: string): string | undefined {
  return tree.read(path)?.toString('utf8');
}

/** Writes `content` to `path`, creating or overwriting it. */
export function writeText(tree: SchematicTree, path: string, content: string): void {
  if (tree.exists(path)) tree.overwrite(path, content);
  else tree.create(path, content);
}

/** The app's `package.json`, parsed (an empty object when absent). */
export function readPackageJson(tree: SchematicTree): Record<string, unknown> {
  const text = readText(tree, '/package.json');
  return text === undefined ? {} : (JSON.parse(text) as Record<string, unknown>);
}

/**
 * The suffix the app's relative imports carry: `.js` in an ESM app (`"type": "module"`, as the
 * Nest 12 CLI creates), none in a CommonJS app (the Nest 11 CLI's, whose jest resolves
 * `./x.js` literally).
 */
export function importSuffix(tree: SchematicTree): '' | '.js' {
  return readPackageJson(tree).type === 'module' ? '.js' : '';
}
