/**
 * The public surface as a consumer imports it: protocol types under `Mcp` next to the decorators
 * of the same names, and internals that stay unexported.
 */
import { expectTypeOf } from 'expect-type';
import {
  getCurrentMcpContext,
  McpSession,
  McpServer,
  Prompt,
  Resource,
  ResourceTemplate,
  Tool,
  type Mcp,
  type McpContext,
} from 'nestjs-mcp';

export function protocolTypesDoNotCollideWithDecorators(): void {
  // The decorators keep their names (the three that check their handler return a
  // CheckedMethodDecorator, see decorator-handler-check.types.ts) ...
  expectTypeOf(Tool).toBeFunction();
  expectTypeOf(Prompt).toBeFunction();
  expectTypeOf(Resource).returns.toEqualTypeOf<MethodDecorator>();
  expectTypeOf(ResourceTemplate).toBeFunction();
  // ... and the protocol types of the same names are one `Mcp.` away.
  const tool: Mcp.Tool = { name: 'echo', inputSchema: { type: 'object' } };
  const prompt: Mcp.Prompt = { name: 'plan', arguments: [{ name: 'city', required: true }] };
  const resource: Mcp.Resource = { uri: 'file:///a', name: 'a', mimeType: 'text/plain' };
  const template: Mcp.ResourceTemplate = { uriTemplate: 'file:///{path}', name: 'files' };
  expectTypeOf(tool.name).toEqualTypeOf<string>();
  expectTypeOf(prompt.arguments).toEqualTypeOf<Mcp.PromptArgument[] | undefined>();
  expectTypeOf(resource.uri).toEqualTypeOf<string>();
  expectTypeOf(template.uriTemplate).toEqualTypeOf<string>();
  // @ts-expect-error a tool descriptor needs its input schema
  const incomplete: Mcp.Tool = { name: 'x' };
  void incomplete;
}

export function currentContextIsAFunction(): void {
  expectTypeOf(getCurrentMcpContext).returns.toEqualTypeOf<McpContext | undefined>();
  expectTypeOf(McpSession).returns.toEqualTypeOf<ParameterDecorator>();
}

export function registriesAreReadOnly(server: McpServer): void {
  expectTypeOf(server.tools.get('echo')).not.toBeAny();
  // @ts-expect-error registries are views: registration goes through registerTool()
  void server.tools.add;
}

// Internals stay unexported.
// @ts-expect-error McpClientBase is internal
export { McpClientBase } from 'nestjs-mcp';
// @ts-expect-error ManagedMcpClient is internal
export { ManagedMcpClient } from 'nestjs-mcp';
// @ts-expect-error toNodeExchange is internal
export { toNodeExchange } from 'nestjs-mcp';
// @ts-expect-error StdoutGuard is internal
export { StdoutGuard } from 'nestjs-mcp';
// @ts-expect-error UriTemplateIndex is internal
export { UriTemplateIndex } from 'nestjs-mcp';
// @ts-expect-error the raw AsyncLocalStorage is internal (use getCurrentMcpContext)
export { currentMcpContext } from 'nestjs-mcp';
// @ts-expect-error the JSON-RPC peer is internal
export { JsonRpcPeer } from 'nestjs-mcp';
