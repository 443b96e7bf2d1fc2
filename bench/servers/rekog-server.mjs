// The bench's echo tool served by @rekog/mcp-nest 2.0.5 (its McpStrategy with the Streamable
// HTTP transport on Nest 11 + Express, JSON replies), `stateful` (argv) or stateless. It builds
// on the official SDK v2 server, which needs Node >= 22, so it cannot run in this Node 20
// project: bench/compare.ts runs it with the private Node 22, from the packages
// scripts/compare-tools.sh installs into .tools/rekog. Plain JavaScript, so the decorators are
// applied by hand. Prints `READY <port>` once listening.
import { createRequire } from 'node:module';

const tools = createRequire(new URL('../../.tools/rekog/package.json', import.meta.url));
tools('reflect-metadata');
const { Module } = tools('@nestjs/common');
const { NestFactory } = tools('@nestjs/core');
const { McpController, McpStrategy, StreamableHttpTransport, Tool } = tools('@rekog/mcp-nest');
const { z } = tools('zod');

const stateful = process.argv[2] === 'stateful';

class EchoController {
  echo(args) {
    return { content: [{ type: 'text', text: args.text }] };
  }
}
const echo = Object.getOwnPropertyDescriptor(EchoController.prototype, 'echo');
Tool({
  name: 'echo',
  description: 'Echoes the given text back',
  parameters: z.object({ text: z.string().describe('Text to echo') }),
  annotations: { readOnlyHint: true },
})(EchoController.prototype, 'echo', echo);
Object.defineProperty(EchoController.prototype, 'echo', echo);
McpController()(EchoController);

class AppModule {}
Module({ controllers: [EchoController] })(AppModule);

const mcp = new McpStrategy({
  name: 'rekog-bench',
  version: '0.0.0',
  transports: [new StreamableHttpTransport({ statefulMode: stateful, enableJsonResponse: true })],
});
const app = await NestFactory.create(AppModule, { logger: ['error', 'warn'] });
mcp.setHttpAdapter(app.getHttpAdapter());
app.connectMicroservice({ strategy: mcp });
await app.startAllMicroservices();
await app.listen(0, '127.0.0.1');
app.enableShutdownHooks();
console.log(`READY ${app.getHttpServer().address().port}`);
