import {
  Controller,
  Delete,
  Get,
  Options,
  Patch,
  Post,
  Put,
  Req,
  Res,
  UseGuards,
  type Type,
} from '@nestjs/common';
import { McpEndpointAuthGuard } from '../auth/mcp-bearer.guard.js';
import { StreamableHttpHandler } from '../../transports/http/streamable-http.handler.js';
import { refuseMethod } from './method-not-allowed.js';
import { toNodeExchange } from './node-exchange.js';

/**
 * Creates the Streamable HTTP controller for a path. A real Nest controller, so the app's global
 * prefix, versioning, middleware and HTTP guards apply to the MCP endpoint like to any route. Runs
 * on Express and Fastify: the handler gets the underlying Node request and response. With the
 * module's `auth` option, `McpEndpointAuthGuard` checks bearer tokens first.
 */
export function createStreamableHttpController(path: string): Type<unknown> {
  @UseGuards(McpEndpointAuthGuard)
  @Controller(path)
  class McpStreamableHttpController {
    constructor(private readonly handler: StreamableHttpHandler) {}

    @Post()
    post(@Req() request: unknown, @Res() reply: unknown): Promise<void> {
      const { req, res, body } = toNodeExchange(request, reply);
      return this.handler.handlePost(req, res, body);
    }

    @Get()
    get(@Req() request: unknown, @Res() reply: unknown): Promise<void> {
      const { req, res } = toNodeExchange(request, reply);
      return this.handler.handleGet(req, res);
    }

    @Delete()
    delete(@Req() request: unknown, @Res() reply: unknown): Promise<void> {
      const { req, res } = toNodeExchange(request, reply);
      return this.handler.handleDelete(req, res);
    }

    /**
     * Other methods on the MCP path get 405 with `Allow` and a JSON-RPC error body, not the
     * framework's 404 (an app with CORS enabled answers preflight OPTIONS before routing).
     */
    @Put()
    put(@Req() request: unknown, @Res() reply: unknown): void {
      this.refuse(request, reply);
    }

    @Patch()
    patch(@Req() request: unknown, @Res() reply: unknown): void {
      this.refuse(request, reply);
    }

    @Options()
    options(@Req() request: unknown, @Res() reply: unknown): void {
      this.refuse(request, reply);
    }

    private refuse(request: unknown, reply: unknown): void {
      const { req, res } = toNodeExchange(request, reply);
      refuseMethod(req, res);
    }
  }
  return McpStreamableHttpController;
}
