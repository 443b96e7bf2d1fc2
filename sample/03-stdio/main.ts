import 'reflect-metadata';
import { McpStdio } from '../../lib/index.js';
import { AppModule } from '../01-demo/src/app.module.js';

/**
 * The demo app served over stdio, the way desktop MCP clients launch servers:
 * `node dist/sample/03-stdio/main.js`. stdout carries protocol messages only; logs go to stderr.
 */
await McpStdio.run(AppModule);

// While serving, console.log is redirected to stderr: this line cannot corrupt the protocol stream.
console.log('nestjs-mcp demo: serving MCP over stdio (console.log goes to stderr)');
