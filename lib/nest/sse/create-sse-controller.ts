import { Controller, Get, Post, Req, Res, UseGuards, type Type } from '@nestjs/common';
import { ApplicationConfig } from '@nestjs/core';
import { McpEndpointAuthGuard } from '../auth/mcp-bearer.guard.js';
import { SseHandler } from '../../transports/sse/sse.handler.js';
import { normaliseRoutePath } from '../../transports/shared/route-path.js';
import { resolveEndpointPaths } from '../http/mcp-endpoint-paths.js';
import { toNodeExchange } from '../http/node-exchange.js';

/**
 * Creates the controller of the legacy HTTP+SSE transport: GET `ssePath` opens a session stream,
 * POST `messagesPath?sessionId=…` carries client messages, and POST `ssePath` answers 405 (what a
 * Streamable HTTP client pointed at the SSE URL sees before it falls back to GET). A real Nest
 * controller, so the global prefix, middleware and guards apply; with the module's `auth` option,
 * `McpEndpointAuthGuard` checks bearer tokens on both routes (scopes per request as on Streamable
 * HTTP). The `endpoint` event announces
 * the messages path with the app's global prefix, e.g. `/api/messages?sessionId=…`.
 *
 * The messages path must also be listed in `MCP_HTTP_PATHS`, so the transport reads the raw body
 * (its own size limit and JSON-RPC parse errors) instead of the app's body parser.
 */
export function createSseController(ssePath: string, messagesPath: string): Type<unknown> {
  const ssePathNormalised = normaliseRoutePath(ssePath);
  const messagesPathNormalised = normaliseRoutePath(messagesPath);

  @UseGuards(McpEndpointAuthGuard)
  @Controller()
  class McpSseController {
    private endpoint?: string;

    constructor(
      private readonly handler: SseHandler,
      private readonly config: ApplicationConfig,
    ) {}

    @Get(ssePathNormalised)
    stream(@Req() request: unknown, @Res() reply: unknown): void | Promise<void> {
      const { req, res } = toNodeExchange(request, reply);
      return this.handler.handleGet(req, res, this.endpointPath());
    }

    @Post(ssePathNormalised)
    refusePost(@Req() request: unknown, @Res() reply: unknown): void {
      const { req, res } = toNodeExchange(request, reply);
      req.resume();
      this.handler.refuseMethod(res, 'GET');
    }

    @Post(messagesPathNormalised)
    message(@Req() request: unknown, @Res() reply: unknown): Promise<void> {
      const { req, res, body } = toNodeExchange(request, reply);
      return this.handler.handlePost(req, res, body);
    }

    /**
     * The messages path as clients see it: global prefix and URI versioning included (computed
     * once, after bootstrap, with Nest's own route-path rules).
     */
    private endpointPath(): string {
      return (this.endpoint ??= resolveEndpointPaths([messagesPathNormalised], {
        config: this.config,
      })[0]);
    }
  }
  return McpSseController;
}
