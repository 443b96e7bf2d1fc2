import { addImport, addToModuleArray } from '../../../lib/schematics/module-source.js';

const multiLine = `import { Module } from '@nestjs/common';
import { AppService } from './app.service';

@Module({
  imports: [
    ConfigModule.forRoot({ isGlobal: true }),
  ],
  controllers: [],
  providers: [AppService],
})
export class AppModule {}
`;

describe('module-source: text edits of a Nest module file', () => {
  it('adds the import after the last one, once', () => {
    const once = addImport(multiLine, 'WeatherTool', './weather/weather.tool');
    expect(once).toContain(
      "import { AppService } from './app.service';\nimport { WeatherTool } from './weather/weather.tool';\n",
    );
    expect(addImport(once, 'WeatherTool', './weather/weather.tool')).toBe(once);
  });

  it('appends to a one-line array, a multi-line array and an empty one, in their own layout', () => {
    let source = addToModuleArray(multiLine, 'providers', 'WeatherTool');
    source = addToModuleArray(source, 'imports', 'McpModule.forRoot({ name: "a" })');
    source = addToModuleArray(source, 'controllers', 'NotesController');
    expect(source).toContain('providers: [AppService, WeatherTool],');
    expect(source).toContain(
      '  imports: [\n    ConfigModule.forRoot({ isGlobal: true }),\n    McpModule.forRoot({ name: "a" }),\n  ],',
    );
    expect(source).toContain('controllers: [NotesController],');
  });

  it('leaves an array that already holds the entry, and creates a missing property', () => {
    const registered = addToModuleArray(multiLine, 'providers', 'AppService');
    expect(registered).toBe(multiLine);
    const empty = '@Module({})\nexport class FeatureModule {}\n';
    expect(addToModuleArray(empty, 'providers', 'X')).toBe(
      '@Module({\n  providers: [X],\n})\nexport class FeatureModule {}\n',
    );
    const noProviders = addToModuleArray(
      multiLine.replace('  providers: [AppService],\n', ''),
      'exports',
      'X',
    );
    expect(noProviders).toContain('@Module({\n  exports: [X],\n  imports: [');
  });

  it('skips brackets inside strings and nested calls when looking for the key', () => {
    const tricky = `@Module({
  imports: [Thing.forRoot({ providers: ['[' ] })],
  providers: [],
})
export class M {}
`;
    expect(addToModuleArray(tricky, 'providers', 'X')).toContain('  providers: [X],\n');
  });

  it('refuses a file without @Module', () => {
    expect(() => addToModuleArray('export class A {}', 'providers', 'X')).toThrow('no @Module');
  });
});
