import { Injectable, Module } from '@nestjs/common';
import { z } from 'zod';
import { McpContext, Tool } from '../lib/index.js';
import { AppModule } from '../sample/01-demo/src/app.module.js';

/** A tool that sends whatever it got back as a log and as its result (echoes hostile input). */
@Injectable()
class FuzzTools {
  @Tool({ description: 'Sends its payload back', inputSchema: { payload: z.unknown() } })
  echo_back({ payload }: { payload: unknown }, ctx: McpContext) {
    ctx.log('info', payload);
    return { content: [{ type: 'text' as const, text: 'back' }], _meta: { payload } };
  }
}

/** The demo app (every transport) plus {@link FuzzTools}. */
@Module({ imports: [AppModule], providers: [FuzzTools] })
export class FuzzAppModule {}
