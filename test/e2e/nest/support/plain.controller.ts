import { Body, Controller, Post } from '@nestjs/common';

/** A plain JSON route beside the MCP endpoint: the app's own body parser must still serve it. */
@Controller('plain')
export class PlainController {
  @Post()
  echo(@Body() body: unknown): { received: unknown } {
    return { received: body };
  }
}
