import { Controller, Delete, Get, Post, Req, Res, type Type } from '@nestjs/common';
import { StreamableHttpHandler } from '../../transports/http/streamable-http.handler.js';
import { toNodeExchange } from './node-exchange.js';

/**
 * Creates the Streamable HTTP controller for a path. A real Nest controller, so the app's global
 * prefix, versioning, middleware and HTTP guards apply to the MCP endpoint like to any route. Runs
 * on Express and Fastify: the handler gets the underlying Node request and response.
 */
export function createStreamableHttpController(path: string): Type<unknown> {
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
  }
  return McpStreamableHttpController;
}
