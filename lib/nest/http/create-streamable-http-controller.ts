import { Controller, Delete, Get, Post, Req, Res, type Type } from '@nestjs/common';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { StreamableHttpHandler } from '../../transports/http/streamable-http.handler.js';
import { restoreContentType } from './mcp-raw-body.js';

/** The body a framework parser already produced, if any (Express sets `req.body`). */
function parsedBody(req: IncomingMessage): unknown {
  return (req as IncomingMessage & { body?: unknown }).body;
}

/**
 * Creates the Streamable HTTP controller for a path. A real Nest controller, so the app's global
 * prefix, versioning, middleware and HTTP guards apply to the MCP endpoint like to any route.
 */
export function createStreamableHttpController(path: string): Type<unknown> {
  @Controller(path)
  class McpStreamableHttpController {
    constructor(private readonly handler: StreamableHttpHandler) {}

    @Post()
    post(@Req() req: IncomingMessage, @Res() res: ServerResponse): Promise<void> {
      restoreContentType(req);
      return this.handler.handlePost(req, res, parsedBody(req));
    }

    @Get()
    get(@Req() req: IncomingMessage, @Res() res: ServerResponse): Promise<void> {
      return this.handler.handleGet(req, res);
    }

    @Delete()
    delete(@Req() req: IncomingMessage, @Res() res: ServerResponse): Promise<void> {
      return this.handler.handleDelete(req, res);
    }
  }
  return McpStreamableHttpController;
}
