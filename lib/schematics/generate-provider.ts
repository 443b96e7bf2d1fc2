import { posix } from 'node:path';
import { addImport, addToModuleArray } from './module-source.js';
import { namesOf } from './names.js';
import { PROVIDER_TEMPLATES, type ProviderKind } from './provider-templates.js';
import {
  importSuffix,
  readText,
  writeText,
  type SchematicRule,
  type SchematicTree,
} from './tree.js';

/** Options of `nest g mcp-tool|mcp-resource|mcp-prompt|mcp-app-view` (the Nest CLI passes them). */
export interface GenerateProviderOptions {
  /** `weather`, or `tools/weather` for a sub-folder. */
  name: string;
  /** Folder under `sourceRoot`. */
  path?: string;
  /** The app's source folder, from nest-cli.json. Default `src`. */
  sourceRoot?: string;
  /** Write into the folder itself rather than a new `<name>/` folder (`nest g --flat`). */
  flat?: boolean;
  /** Write the spec file. Default true. */
  spec?: boolean;
  /** The spec file's suffix. Default `spec`. */
  specFileSuffix?: string;
  /** Leave the module untouched. */
  skipImport?: boolean;
  /** The module file to register the provider in; default: the nearest `*.module.ts` upwards. */
  module?: string;
}

/** The nearest `*.module.ts` in `dir` or a folder above it, or undefined. */
function nearestModule(tree: SchematicTree, dir: string): string | undefined {
  for (let at = dir; ; at = posix.dirname(at)) {
    const module = tree.getDir(at).subfiles.find((file) => file.endsWith('.module.ts'));
    if (module !== undefined) return posix.join(at, module);
    if (at === '/') return undefined;
  }
}

/**
 * Writes the provider (and its spec) of `kind` and registers it in the nearest module, as
 * `nest g service` does. Returns the provider's class name and file.
 * @throws Error when the provider file already exists or no module is found.
 */
export function generateProvider(
  tree: SchematicTree,
  kind: ProviderKind,
  options: GenerateProviderOptions,
): { className: string; file: string; module?: string } {
  const template = PROVIDER_TEMPLATES[kind];
  const names = namesOf(posix.basename(options.name));
  const root = posix.join('/', options.sourceRoot ?? 'src', options.path ?? '');
  const parent = posix.join(root, posix.dirname(options.name));
  const dir = options.flat === true ? parent : posix.join(parent, names.kebab);
  const base = `${names.kebab}.${template.suffix.file}`;
  const file = posix.join(dir, `${base}.ts`);
  if (tree.exists(file)) throw new Error(`${file} already exists`);
  const ext = importSuffix(tree);
  tree.create(file, template.provider(names));
  if (options.spec !== false) {
    tree.create(
      posix.join(dir, `${base}.${options.specFileSuffix ?? 'spec'}.ts`),
      template.spec(names, ext),
    );
  }
  const className = `${names.pascal}${template.suffix.class}`;
  if (options.skipImport === true) return { className, file };
  const module =
    options.module !== undefined ? posix.join(root, options.module) : nearestModule(tree, dir);
  const source = module === undefined ? undefined : readText(tree, module);
  if (module === undefined || source === undefined) {
    throw new Error(`no module found for ${file} (pass --module or --skip-import)`);
  }
  let specifier = posix.relative(posix.dirname(module), posix.join(dir, base));
  if (!specifier.startsWith('.')) specifier = `./${specifier}`;
  const edited = addToModuleArray(
    addImport(source, className, `${specifier}${ext}`),
    'providers',
    className,
  );
  writeText(tree, module, edited);
  return { className, file, module };
}

/** The factory of one generator, as collection.json names it. */
function generator(kind: ProviderKind) {
  return (options: GenerateProviderOptions): SchematicRule =>
    (tree, context) => {
      const { className, file, module } = generateProvider(tree, kind, options);
      context.logger.info(
        module === undefined ? `${className} in ${file}` : `${className} in ${file}, in ${module}`,
      );
    };
}

/** `nest g -c nestjs-mcp mcp-tool NAME`: a provider with one `@Tool` method, and its spec. */
export const mcpTool = generator('mcp-tool');
/** `nest g -c nestjs-mcp mcp-resource NAME`: a provider with one `@Resource` method, and its spec. */
export const mcpResource = generator('mcp-resource');
/** `nest g -c nestjs-mcp mcp-prompt NAME`: a provider with one `@Prompt` method, and its spec. */
export const mcpPrompt = generator('mcp-prompt');
/** `nest g -c nestjs-mcp mcp-app-view NAME`: an `@AppView` and the `@Tool` it renders, and a spec. */
export const mcpAppView = generator('mcp-app-view');
