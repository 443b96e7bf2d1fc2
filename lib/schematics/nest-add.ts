import { posix } from 'node:path';
import { generateProvider } from './generate-provider.js';
import { addImport, addToModuleArray } from './module-source.js';
import {
  readPackageJson,
  readText,
  writeText,
  type SchematicLog,
  type SchematicRule,
  type SchematicTree,
} from './tree.js';

/** Options of `nest add nestjs-mcp` (the Nest CLI passes `sourceRoot`). */
export interface NestAddOptions {
  /** The app's source folder, from nest-cli.json. Default `src`. */
  sourceRoot?: string;
  /** The root module, under `sourceRoot`. Default `app.module.ts`. */
  module?: string;
  /** The first tool's name. Default `hello`. */
  tool?: string;
  /** Write no first tool. */
  skipTool?: boolean;
}

/** The peers an app needs beyond what a Nest app has, with the range used when none is installed. */
const PEERS: Record<string, string> = { zod: '^4.0.0' };

const quoted = (text: string) => `'${text.replace(/[\\']/g, '\\$&')}'`;

/**
 * Records `nestjs-mcp` and its peers in the app's package.json: at the installed version when
 * `node_modules` has them (npm installs peers with the package), else at a range to install.
 */
function addDependencies(tree: SchematicTree, log: SchematicLog): void {
  const pkg = readPackageJson(tree);
  const dependencies = { ...(pkg.dependencies as Record<string, string> | undefined) };
  const missing: string[] = [];
  for (const [name, range] of Object.entries({ 'nestjs-mcp': '', ...PEERS })) {
    if (dependencies[name] !== undefined) continue;
    const installed = readText(tree, `/node_modules/${name}/package.json`);
    const version = installed && (JSON.parse(installed) as { version?: string }).version;
    if (version) dependencies[name] = `^${version}`;
    else if (range) dependencies[name] = range;
    else continue; // nestjs-mcp itself, not installed: `nest add` installs it
    if (!version) missing.push(name);
  }
  const sorted = Object.fromEntries(
    Object.entries(dependencies).sort(([a], [b]) => (a < b ? -1 : 1)),
  );
  writeText(
    tree,
    '/package.json',
    `${JSON.stringify({ ...pkg, dependencies: sorted }, null, 2)}\n`,
  );
  if (missing.length > 0) {
    log.logger.warn(
      `added ${missing.join(', ')} to package.json: run your package manager's install`,
    );
  }
}

/**
 * `nest add nestjs-mcp` (the Nest CLI runs the collection's `nest-add` schematic after installing
 * the package): records the dependencies, imports `McpModule.forRoot(...)` into the app module
 * (explorer on; it is never mounted under NODE_ENV=production) beside the app's own controllers
 * and providers, and writes a first tool with its spec. Running it again changes nothing.
 */
export function nestAdd(options: NestAddOptions): SchematicRule {
  return (tree, context) => {
    addDependencies(tree, context);
    const root = posix.join('/', options.sourceRoot ?? 'src');
    const module = posix.join(root, options.module ?? 'app.module.ts');
    const source = readText(tree, module);
    if (source === undefined) throw new Error(`${module} not found (pass --module)`);
    const pkg = readPackageJson(tree);
    const name = typeof pkg.name === 'string' ? pkg.name : 'app';
    const version = typeof pkg.version === 'string' ? pkg.version : '0.0.1';
    const forRoot = `McpModule.forRoot({ name: ${quoted(name)}, version: ${quoted(version)}, explorer: true })`;
    const edited = addToModuleArray(
      addImport(source, 'McpModule', 'nestjs-mcp'),
      'imports',
      forRoot,
    );
    if (edited !== source) {
      writeText(tree, module, edited);
      context.logger.info(`McpModule in ${module}: the endpoint is /mcp, the explorer /explorer`);
    }
    const tool = options.tool ?? 'hello';
    if (options.skipTool === true || tree.exists(posix.join(root, `${tool}.tool.ts`))) return;
    const first = generateProvider(tree, 'mcp-tool', {
      name: tool,
      sourceRoot: options.sourceRoot ?? 'src',
      flat: true,
      module: options.module ?? 'app.module.ts',
    });
    context.logger.info(`a first tool: ${first.className} in ${first.file}`);
  };
}
