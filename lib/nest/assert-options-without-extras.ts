import type { McpModuleExtras } from './mcp-module-options.interface.js';

const EXTRAS: ReadonlyArray<keyof McpModuleExtras> = [
  'path',
  'http',
  'fastPath',
  'sse',
  'websocket',
  'isGlobal',
  'explorer',
  'serverCard',
  'microservice',
];

/**
 * Refuses module options that carry extras. `forRoot` separates them itself; options that still
 * have one came from a `forRootAsync` factory or class, which runs after the module decided its
 * controllers and gateway, so the value would be ignored silently.
 * @throws Error naming the extras and where they go
 */
export function assertOptionsWithoutExtras(options: object): void {
  const misplaced = EXTRAS.filter((key) => key in options);
  if (misplaced.length === 0) return;
  const list = misplaced.map((key) => `\`${key}\``).join(', ');
  throw new Error(
    `McpModule.forRootAsync: ${list} came from the options factory, where ${misplaced.length > 1 ? 'they are' : 'it is'} ignored ` +
      `(they decide the routes before the factory runs). Pass ${misplaced.length > 1 ? 'them' : 'it'} next to useFactory: ` +
      `McpModule.forRootAsync({ useFactory, ${misplaced.map((k) => `${k}: ...`).join(', ')} })`,
  );
}
