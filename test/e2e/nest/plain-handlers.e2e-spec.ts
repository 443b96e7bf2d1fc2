import { Injectable, NotFoundException, UseGuards, type CanActivate } from '@nestjs/common';
import { of } from 'rxjs';
import { z } from 'zod';
import { McpModule, Tool, type McpContext } from '../../../lib/index.js';
import { CapturedLogger } from '../reliability/support/captured-logger.js';
import { connectSdk, type SdkPeer } from './support/clients.js';
import { bootApp, type BootedApp } from './support/nest-app.js';
import { PLATFORMS } from './support/platforms.js';

/** A guard that lets every call through: its tools run through Nest's whole pipeline. */
@Injectable()
class AllowGuard implements CanActivate {
  canActivate(): boolean {
    return true;
  }
}

const kind = { kind: z.enum(['plain', 'http', 'observable', 'context']) };

function outcome({ kind: what }: { kind: string }, ctx: McpContext): unknown {
  if (what === 'plain') throw new Error('disk on fire');
  if (what === 'http') throw new NotFoundException('no such city');
  if (what === 'observable') return of('first', 'last');
  return `${ctx.method} in ${ctx.session === undefined ? 'no' : 'a'} session`;
}

/**
 * Tools without any guard, interceptor, filter or decorated parameter (called without Nest's
 * pipeline layers, which would run no app code) beside the same tools behind a guard that allows
 * everything (through the pipeline): what the client gets and what Nest logs must not differ.
 */
@Injectable()
class PlainTools {
  @Tool({ description: 'No enhancers', inputSchema: kind })
  bare(args: { kind: string }, ctx: McpContext) {
    return outcome(args, ctx);
  }

  @UseGuards(AllowGuard)
  @Tool({ description: 'Behind a guard that allows everything', inputSchema: kind })
  guarded(args: { kind: string }, ctx: McpContext) {
    return outcome(args, ctx);
  }
}

describe.each(PLATFORMS)('a handler that runs no enhancer, on %s', (platform) => {
  let booted: BootedApp;
  let peer: SdkPeer;
  const logs = new CapturedLogger();

  beforeAll(async () => {
    booted = await bootApp({
      platform,
      logger: logs,
      imports: [McpModule.forRoot({ name: 'plain', version: '1.0.0' })],
      providers: [PlainTools, AllowGuard],
    });
    peer = await connectSdk(booted.url());
  });
  afterAll(async () => {
    await peer?.close();
    await booted?.close();
  });

  /** A call of `name` with `what`, its answer (result or JSON-RPC error) and its log lines. */
  async function outcomeOf(name: string, what: string) {
    const before = logs.lines.length;
    const answer = await peer.client.callTool({ name, arguments: { kind: what } }).then(
      (result) => ({ result }),
      (error: Error) => ({ error: error.message }),
    );
    const lines = logs.lines
      .slice(before)
      .filter((line) => line.context === 'ExceptionsHandler')
      .map(({ level, message, context }) => ({ level, message, context }));
    return { answer, lines };
  }

  it.each(['plain', 'http', 'observable', 'context'])(
    'answers and logs a %s outcome as through the pipeline',
    async (what) => {
      const bare = await outcomeOf('bare', what);
      const guarded = await outcomeOf('guarded', what);
      expect(bare).toEqual(guarded);
      if (what === 'plain') {
        // Nest's default exception handler logs an unknown error, once.
        expect(bare.lines).toHaveLength(1);
        expect(bare.lines[0]).toMatchObject({ level: 'error', context: 'ExceptionsHandler' });
      } else expect(bare.lines).toEqual([]);
      if (what === 'observable') {
        expect(bare.answer).toEqual({ result: { content: [{ type: 'text', text: 'last' }] } });
      }
      if (what === 'context') {
        expect(bare.answer).toEqual({
          result: { content: [{ type: 'text', text: 'tools/call in a session' }] },
        });
      }
    },
  );
});
