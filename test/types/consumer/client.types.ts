/**
 * Client API types as a consumer sees them (strict + exactOptionalPropertyTypes +
 * noUncheckedIndexedAccess, against dist/lib/index.d.ts).
 */
import { Injectable } from '@nestjs/common';
import { expectTypeOf } from 'expect-type';
import {
  InjectMcpClient,
  McpClient,
  McpClientModule,
  type ClientTransport,
  type ElicitationHandler,
  type Mcp,
  type McpBatchEntry,
  type McpCallOptions,
  type McpClientModuleOptions,
  type McpClientOptionsFactory,
  type SamplingHandler,
  type ToolCallEvent,
} from 'nestjs-mcp';

declare const client: McpClient;
declare const transport: ClientTransport;

export async function contentIsADiscriminatedUnion(): Promise<void> {
  const result = await client.callTool('echo', { text: 'hi' });
  expectTypeOf(result.content).toEqualTypeOf<Mcp.ContentBlock[]>();
  expectTypeOf(result.isError).toEqualTypeOf<boolean | undefined>();
  const block = result.content[0];
  if (block?.type === 'text') expectTypeOf(block.text).toEqualTypeOf<string>();
  if (block?.type === 'image') expectTypeOf(block.mimeType).toEqualTypeOf<string>();
  if (block?.type === 'resource_link') expectTypeOf(block.uri).toEqualTypeOf<string>();
  if (block?.type === 'resource') expectTypeOf(block.resource.uri).toEqualTypeOf<string>();
  for (const each of result.content) {
    // @ts-expect-error: only a text block has a string `text`; narrow by `type` first
    const text: string = each.text;
    void text;
  }
}

export async function structuredContentIsTyped(): Promise<void> {
  const typed = await client.callTool<{ sum: number }>('add', { a: 1, b: 2 });
  expectTypeOf(typed).toEqualTypeOf<Mcp.CallToolResult<{ sum: number }>>();
  expectTypeOf(typed.structuredContent).toEqualTypeOf<{ sum: number } | undefined>();
  expectTypeOf(typed.content).toEqualTypeOf<Mcp.ContentBlock[]>();
  const untyped = await client.callTool('add');
  expectTypeOf(untyped.structuredContent).toEqualTypeOf<unknown>();

  client.callTool$<{ sum: number }>('add', { a: 1 }).subscribe((event) => {
    expectTypeOf(event).toEqualTypeOf<ToolCallEvent<{ sum: number }>>();
    if (event.type === 'result') {
      expectTypeOf(event.result.structuredContent).toEqualTypeOf<{ sum: number } | undefined>();
    } else if (event.type === 'progress') {
      expectTypeOf(event.progress).toEqualTypeOf<number>();
    }
  });
}

export async function listsReturnProtocolTypes(): Promise<void> {
  expectTypeOf(await client.listAllTools()).toEqualTypeOf<Mcp.Tool[]>();
  expectTypeOf(await client.listTools()).toEqualTypeOf<Mcp.ListToolsResult>();
  expectTypeOf(await client.listAllPrompts()).toEqualTypeOf<Mcp.Prompt[]>();
  expectTypeOf(await client.getPrompt('p')).toEqualTypeOf<Mcp.GetPromptResult>();
  expectTypeOf(await client.listAllResources()).toEqualTypeOf<Mcp.Resource[]>();
  expectTypeOf(await client.listAllResourceTemplates()).toEqualTypeOf<Mcp.ResourceTemplate[]>();
  expectTypeOf(await client.readResource('file:///a')).toEqualTypeOf<Mcp.ReadResourceResult>();
  const completion = await client.complete(
    { type: 'ref/prompt', name: 'p' },
    { name: 'a', value: 'x' },
  );
  expectTypeOf(completion.completion.values).toEqualTypeOf<string[]>();
  expectTypeOf(client.serverInfo).toEqualTypeOf<Mcp.Implementation | undefined>();
}

export async function requestIsTypedByMethod(): Promise<void> {
  const called = await client.request('tools/call', { name: 'add', arguments: { a: 1 } });
  expectTypeOf(called).toEqualTypeOf<Mcp.ClientRequestResultOf<'tools/call'>>();
  expectTypeOf<Mcp.CallToolResult>().toExtend<typeof called>();
  const listed = await client.request('tools/list');
  expectTypeOf(listed.tools).toEqualTypeOf<Mcp.Tool[]>();
  expectTypeOf(listed.nextCursor).toEqualTypeOf<string | undefined>();
  const page = await client.request('prompts/list', { cursor: 'c' }, { timeoutMs: 1000 });
  expectTypeOf(page.prompts).toEqualTypeOf<Mcp.Prompt[]>();
  expectTypeOf(await client.request('ping')).toEqualTypeOf<Mcp.EmptyResult>();

  // A vendor method is sent as given; its result is an object unless a schema types it.
  expectTypeOf(await client.request('acme/search', { q: 'mcp' })).toEqualTypeOf<
    Record<string, unknown>
  >();
  // @ts-expect-error: tools/call params need a name
  await client.request('tools/call', { arguments: {} });
  // @ts-expect-error: tools/call params are required
  await client.request('tools/call');
  // @ts-expect-error: a cursor is a string
  await client.request('tools/list', { cursor: 1 });
  // @ts-expect-error: the client performs initialize itself
  await client.request('initialize', {
    protocolVersion: '2025-11-25',
    capabilities: {},
    clientInfo: { name: 'c', version: '1' },
  });
}

export const sampling: SamplingHandler = (params, { signal }) => {
  expectTypeOf(params.maxTokens).toEqualTypeOf<number>();
  expectTypeOf(params.messages).toEqualTypeOf<Mcp.SamplingMessage[]>();
  expectTypeOf(signal).toEqualTypeOf<AbortSignal>();
  return { role: 'assistant', model: 'test-model', content: { type: 'text', text: 'hi' } };
};

// @ts-expect-error: a sampling result needs the model
export const samplingWithoutModel: SamplingHandler = () => ({
  role: 'assistant',
  content: { type: 'text', text: 'hi' },
});

export const elicitation: ElicitationHandler = (params) => {
  if (params.mode === 'url') {
    expectTypeOf(params.url).toEqualTypeOf<string>();
    return { action: 'decline' };
  }
  expectTypeOf(params.requestedSchema.properties).toExtend<Record<string, unknown>>();
  return { action: 'accept', content: { name: 'Ada', subscribed: true } };
};

export function optionsAcceptExplicitUndefined(timeoutMs: number | undefined): McpClient {
  const call: McpCallOptions = { timeoutMs, signal: undefined };
  void call;
  return new McpClient({
    transport,
    requestTimeoutMs: timeoutMs,
    clientInfo: { name: 'consumer', version: '1.0.0' },
    sampling,
    elicitation,
    roots: [{ uri: 'file:///work', name: 'work' }],
  });
}

@Injectable()
class WeatherOptions implements McpClientOptionsFactory {
  createMcpClientOptions(): McpClientModuleOptions {
    return { transport, lazyConnect: true };
  }
}

@Injectable()
export class Forecasts {
  constructor(@InjectMcpClient('weather') readonly weather: McpClient) {}
}

export const registrations = [
  McpClientModule.register({ name: 'weather', isGlobal: true, transport: () => transport }),
  McpClientModule.register([
    { name: 'a', transport },
    { name: 'b', transport, lazyConnect: true },
  ]),
  McpClientModule.registerAsync({ name: 'by-class', useClass: WeatherOptions }),
  McpClientModule.registerAsync({ name: 'by-existing', useExisting: WeatherOptions }),
  McpClientModule.registerAsync({
    inject: ['CONFIG'],
    useFactory: (config: { url: string }) => ({
      transport,
      clientInfo: { name: config.url, version: '1' },
    }),
  }),
  // @ts-expect-error: every client needs a transport
  McpClientModule.register({ name: 'nowhere' }),
  // @ts-expect-error: a useClass options factory must implement createMcpClientOptions()
  McpClientModule.registerAsync({ useClass: class NotAFactory {} }),
];

export const forwardToNestLogger: McpClientModuleOptions = { transport, forwardLogs: true };
export const forwardToOwnLogger: McpClientModuleOptions = {
  transport,
  forwardLogs: { log: () => undefined, error: () => undefined, warn: () => undefined },
};
// @ts-expect-error: forwardLogs is a boolean or a LoggerService
export const forwardToNowhere: McpClientModuleOptions = { transport, forwardLogs: 'console' };

export async function progressTokensAndRoots(): Promise<void> {
  const options: McpCallOptions = { progressToken: 'job-1', onProgress: () => undefined };
  await client.callTool('add', {}, options);
  await client.callTool('add', {}, { progressToken: 7 });
  // @ts-expect-error: a progress token is a string or a number
  await client.callTool('add', {}, { progressToken: { id: 1 } });
  expectTypeOf(client.clearRoots()).toEqualTypeOf<Promise<void>>();
}

export async function batchIsTypedPerEntry(): Promise<void> {
  const [listed, called, pinged] = await client.batch([
    { method: 'tools/list' },
    { method: 'tools/call', params: { name: 'add', arguments: { a: 1 } } },
    { method: 'ping', options: { timeoutMs: 100 } },
  ]);
  if (listed.status === 'fulfilled') expectTypeOf(listed.value.tools).toEqualTypeOf<Mcp.Tool[]>();
  if (called.status === 'fulfilled')
    expectTypeOf(called.value).toExtend<Mcp.ClientRequestResultOf<'tools/call'>>();
  if (pinged.status === 'fulfilled') expectTypeOf(pinged.value).toEqualTypeOf<Mcp.EmptyResult>();
  // @ts-expect-error: tools/call params are required in a batch entry too
  await client.batch([{ method: 'tools/call' }]);
}

export const batchEntry: McpBatchEntry = { method: 'resources/read', params: { uri: 'file:///a' } };
