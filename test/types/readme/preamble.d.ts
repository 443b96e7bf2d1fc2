// Names README.md snippets use without importing them, declared once (a snippet's own imports
// shadow these). Services of the examples are declared with the members the snippets call.
// `<!-- snippet: class-body -->` snippets are members of a class extending SnippetHost.

declare const z: typeof import('zod').z;

declare const Injectable: typeof import('@nestjs/common').Injectable;
declare const Module: typeof import('@nestjs/common').Module;
declare const UseGuards: typeof import('@nestjs/common').UseGuards;
type CanActivate = import('@nestjs/common').CanActivate;
type ExecutionContext = import('@nestjs/common').ExecutionContext;
declare const AuthGuard: typeof import('@nestjs/passport').AuthGuard;
declare const ConfigModule: typeof import('@nestjs/config').ConfigModule;
declare const ConfigService: typeof import('@nestjs/config').ConfigService;
type ConfigService = import('@nestjs/config').ConfigService;

declare const McpModule: typeof import('nestjs-mcp').McpModule;
declare const Tool: typeof import('nestjs-mcp').Tool;
declare const McpContext: typeof import('nestjs-mcp').McpContext;
type McpContext = import('nestjs-mcp').McpContext;
declare const McpExecutionContext: typeof import('nestjs-mcp').McpExecutionContext;
declare const McpArgs: typeof import('nestjs-mcp').McpArgs;
declare const McpCtx: typeof import('nestjs-mcp').McpCtx;
declare const McpClientModule: typeof import('nestjs-mcp').McpClientModule;
declare const McpClient: typeof import('nestjs-mcp').McpClient;
type McpClient = import('nestjs-mcp').McpClient;
declare const InjectMcpClient: typeof import('nestjs-mcp').InjectMcpClient;
declare const StreamableHttpClientTransport: typeof import('nestjs-mcp').StreamableHttpClientTransport;
declare const McpOAuthClient: typeof import('nestjs-mcp').McpOAuthClient;
declare const LoopbackOAuthInteraction: typeof import('nestjs-mcp').LoopbackOAuthInteraction;
declare const StdioClientTransport: typeof import('nestjs-mcp').StdioClientTransport;

/** The injected `McpServer` of the runtime-registration snippets. */
declare const server: import('nestjs-mcp').McpServer;

/** Elicitation schemas the write-once example asks with. */
declare const nameSchema: import('nestjs-mcp').Mcp.ElicitRequestFormParams['requestedSchema'];
declare const timeSchema: import('nestjs-mcp').Mcp.ElicitRequestFormParams['requestedSchema'];

declare class WeatherService {
  temperature(city: string, day: number, signal: AbortSignal): Promise<number>;
  stations(): string[];
  forecast(region: string, traceparent: string | undefined): Promise<string>;
}

declare class BookingService {
  create(restaurant: string, who: unknown, when: unknown): Promise<string>;
}

/** What `class-body` snippets may use through `this`. */
/** The report builder and the publish question of the tasks example. */
declare class ReportService {
  build(quarter: string, region: string, signal: AbortSignal): Promise<void>;
}
declare const publishSchema: import('nestjs-mcp').Mcp.ElicitRequestFormParams['requestedSchema'];

declare class SnippetHost {
  protected readonly weather: WeatherService;
  protected readonly bookings: BookingService;
}
