import { readFileSync, existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import * as generators from '../../../lib/schematics/generate-provider.js';
import { nestAdd } from '../../../lib/schematics/nest-add.js';
import { namesOf } from '../../../lib/schematics/names.js';
import { PROVIDER_TEMPLATES } from '../../../lib/schematics/provider-templates.js';
import { extractDocSnippets } from '../docs/doc-snippets.js';
import { cliAppTree, collectingContext, textOf, type CliApp } from './cli-app-tree.js';

const ROOT = resolve(import.meta.dirname, '../../..');
const COLLECTION = join(ROOT, 'lib/schematics/collection.json');

describe.each<[CliApp, string]>([
  ['nest11-cjs', ''],
  ['nest12-esm', '.js'],
])('the schematics in a %s app', (app, ext) => {
  it('nest-add: McpModule beside the CLI controller and service, zod recorded, a first tool', () => {
    const tree = cliAppTree(app);
    tree.create('/node_modules/zod/package.json', JSON.stringify({ version: '4.6.7' }));
    nestAdd({})(tree, collectingContext());
    const module = textOf(tree, '/src/app.module.ts');
    expect(module).toContain("import { McpModule } from 'nestjs-mcp';\n");
    expect(module).toContain(`import { HelloTool } from './hello.tool${ext}';\n`);
    expect(module).toContain(
      "imports: [McpModule.forRoot({ name: 'my-app', version: '0.0.1', explorer: true })],",
    );
    expect(module).toContain('controllers: [AppController],');
    expect(module).toContain('providers: [AppService, HelloTool],');
    expect(JSON.parse(textOf(tree, '/package.json')).dependencies).toEqual({
      '@nestjs/common': '^11.0.1',
      zod: '^4.6.7',
    });
    expect(textOf(tree, '/src/hello.tool.spec.ts')).toContain(`from './hello.tool${ext}';`);
  });

  it('nest-add run twice changes nothing the second time', () => {
    const tree = cliAppTree(app, { 'nestjs-mcp': '^0.1.0', zod: '^4.0.0' });
    nestAdd({})(tree, collectingContext());
    const files = ['/src/app.module.ts', '/package.json', '/src/hello.tool.ts'];
    const first = files.map((file) => textOf(tree, file));
    nestAdd({})(tree, collectingContext());
    expect(files.map((file) => textOf(tree, file))).toEqual(first);
  });

  it.each([
    ['mcpTool', 'weather.tool', 'WeatherTool', '@Tool('],
    ['mcpResource', 'weather.resource', 'WeatherResource', '@Resource('],
    ['mcpPrompt', 'weather.prompt', 'WeatherPrompt', '@Prompt('],
    ['mcpAppView', 'weather.view', 'WeatherView', '@AppView('],
  ] as const)(
    '%s weather: %s.ts, its spec, registered in the app module',
    (factory, base, cls, decorator) => {
      const tree = cliAppTree(app);
      generators[factory]({ name: 'weather', sourceRoot: 'src' })(tree, collectingContext());
      expect(textOf(tree, `/src/weather/${base}.ts`)).toContain(decorator);
      expect(textOf(tree, `/src/weather/${base}.spec.ts`)).toContain(
        `import { ${cls} } from './${base}${ext}';`,
      );
      const module = textOf(tree, '/src/app.module.ts');
      expect(module).toContain(`import { ${cls} } from './weather/${base}${ext}';`);
      expect(module).toContain(`providers: [AppService, ${cls}],`);
    },
  );
});

describe('the generators as `nest g` calls them', () => {
  it('registers in the nearest module: a feature module above the new folder', () => {
    const tree = cliAppTree('nest12-esm');
    tree.create(
      '/src/notes/notes.module.ts',
      "import { Module } from '@nestjs/common';\n\n@Module({})\nexport class NotesModule {}\n",
    );
    generators.mcpTool({ name: 'notes/search-notes', flat: true })(tree, collectingContext());
    expect(tree.exists('/src/notes/search-notes.tool.ts')).toBe(true);
    const module = textOf(tree, '/src/notes/notes.module.ts');
    expect(module).toContain("import { SearchNotesTool } from './search-notes.tool.js';");
    expect(module).toContain('providers: [SearchNotesTool],');
    expect(textOf(tree, '/src/app.module.ts')).not.toContain('SearchNotesTool');
    const tool = textOf(tree, '/src/notes/search-notes.tool.ts');
    expect(tool).toContain("name: 'search-notes',");
    expect(tool).toContain('  searchNotes({ text }: { text: string }) {');
  });

  it('honours --spec=false, --skip-import and the spec suffix, and refuses to overwrite', () => {
    const tree = cliAppTree('nest11-cjs');
    const context = collectingContext();
    generators.mcpPrompt({ name: 'plan', spec: false, skipImport: true })(tree, context);
    generators.mcpResource({ name: 'docs', specFileSuffix: 'test' })(tree, context);
    expect(tree.exists('/src/plan/plan.prompt.spec.ts')).toBe(false);
    expect(textOf(tree, '/src/app.module.ts')).not.toContain('PlanPrompt');
    expect(tree.exists('/src/docs/docs.resource.test.ts')).toBe(true);
    expect(() => generators.mcpPrompt({ name: 'plan' })(tree, context)).toThrow('already exists');
  });
});

describe('collection.json', () => {
  const collection = JSON.parse(readFileSync(COLLECTION, 'utf8')) as {
    schematics: Record<string, { factory: string; schema: string }>;
  };

  it('is the package.json "schematics" entry, in a folder the package ships', () => {
    const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8'));
    expect(join(ROOT, pkg.schematics)).toBe(COLLECTION);
    expect(pkg.files).toContain('lib');
  });

  it.each(['nest-add', 'mcp-tool', 'mcp-resource', 'mcp-prompt', 'mcp-app-view'])(
    '%s: its factory is an export of the CommonJS build of lib/schematics, its schema exists',
    async (name) => {
      const { factory, schema } = collection.schematics[name]!;
      const [file, symbol] = factory.split('#') as [string, string];
      const built = resolve(dirname(COLLECTION), file);
      expect(built.startsWith(join(ROOT, 'dist/cjs/schematics/'))).toBe(true);
      const source = built
        .replace(join(ROOT, 'dist/cjs'), join(ROOT, 'lib'))
        .replace(/\.js$/, '.ts');
      const module = (await import(source)) as Record<string, unknown>;
      expect(typeof module[symbol]).toBe('function');
      expect(existsSync(resolve(dirname(COLLECTION), schema))).toBe(true);
    },
  );
});

describe('the guide page', () => {
  it('shows what `nest g -c nestjs-mcp mcp-tool weather` writes, as the template writes it', () => {
    const page = 'docs/guide/nest-cli-schematics.md';
    const { snippets } = extractDocSnippets(page, readFileSync(join(ROOT, page), 'utf8'));
    const shown = snippets.find((snippet) => snippet.file === 'src/weather/weather.tool.ts');
    const written = PROVIDER_TEMPLATES['mcp-tool'].provider(namesOf('weather'));
    expect(shown?.code).toBe(`// src/weather/weather.tool.ts\n${written}`);
  });
});
