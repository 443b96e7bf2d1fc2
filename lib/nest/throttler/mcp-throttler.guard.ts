import { Injectable, type CanActivate, type ExecutionContext } from '@nestjs/common';
import { ModuleRef } from '@nestjs/core';
import type * as Throttler from '@nestjs/throttler';
import type { McpContext } from '../../server/context/mcp-context.js';
import { loadOptionalPeer } from '../../engine/load-optional-peer.js';
import { McpArgIndex } from '../invoker/mcp-pipeline-args.js';
import { McpServerCore } from '../../server/mcp-server-core.js';
import type { LimitCounters } from '../../stores/limit-counters.interface.js';
import { McpThrottlerStorage } from './mcp-throttler-storage.js';
import { mcpThrottleRequest, mcpTracker, type McpThrottleRequest } from './mcp-throttle-request.js';

const isMcp = (context: ExecutionContext): boolean => context.getType<string>() === 'mcp';

/** A response without headers: an MCP reply has no HTTP headers to carry `X-RateLimit-*`. */
const NO_HEADERS = Object.freeze({});

/** `ThrottlerGuard` taught the `'mcp'` context (built on first use from the loaded package). */
function mcpThrottlerGuardClass(throttler: typeof Throttler) {
  class McpAwareThrottlerGuard extends throttler.ThrottlerGuard {
    protected override getRequestResponse(context: ExecutionContext): {
      req: Record<string, unknown>;
      res: Record<string, unknown>;
    } {
      if (!isMcp(context)) return super.getRequestResponse(context);
      const ctx = context.getArgByIndex<McpContext>(McpArgIndex.Context);
      const req = mcpThrottleRequest(context.getArgByIndex(McpArgIndex.Request), ctx);
      return { req: req as unknown as Record<string, unknown>, res: NO_HEADERS };
    }

    /** Counts in `storage` instead of the throttler module's own (per instance) storage. */
    useStorage(storage: Throttler.ThrottlerStorage): void {
      (this as unknown as { storageService: Throttler.ThrottlerStorage }).storageService = storage;
    }

    protected override getTracker(req: Record<string, unknown>): Promise<string> {
      const facts = (req as Partial<McpThrottleRequest>).mcp;
      return facts ? Promise.resolve(mcpTracker(facts)) : super.getTracker(req);
    }

    protected override async throwThrottlingException(
      context: ExecutionContext,
      detail: Throttler.ThrottlerLimitDetail,
    ): Promise<void> {
      if (!isMcp(context)) return super.throwThrottlingException(context, detail);
      const message = await this.getErrorMessage(context, detail);
      throw new throttler.ThrottlerException(`${message}: retry in ${detail.timeToBlockExpire} s`);
    }
  }
  return McpAwareThrottlerGuard;
}

/**
 * `@nestjs/throttler`'s `ThrottlerGuard` for MCP tools, prompts and resources as well as HTTP
 * routes: in the `'mcp'` context it tracks the caller by principal (`req.user`), else by 2025
 * session, else by address, keys the limit per tool (handler), sets no HTTP headers (the reply
 * may be a stream already under way) and refuses with a `ThrottlerException` (429), which a
 * `tools/call` gets as an `isError` result "... retry in N s" and other methods as `-32600`
 * with `data.status` 429. Elsewhere it is the stock guard. When `McpModule` has Redis, the counts
 * live there ({@link McpThrottlerStorage}), so a limit holds for the whole service. `ThrottlerModule.forRoot` options,
 * `@Throttle()` and `@SkipThrottle()` apply unchanged. `@nestjs/throttler` (optional peer) is
 * loaded on the first call.
 * @example
 * ```ts
 * @Tool({ description: 'Costly' })
 * @UseGuards(McpThrottlerGuard)
 * @Throttle({ default: { limit: 3, ttl: 60_000 } })
 * search() {}
 * ```
 */
@Injectable()
export class McpThrottlerGuard implements CanActivate {
  private guard?: Promise<CanActivate>;

  constructor(private readonly moduleRef: ModuleRef) {}

  /** Applies the throttlers to this call. */
  async canActivate(context: ExecutionContext): Promise<boolean> {
    this.guard ??= this.load().catch((error: unknown) => {
      this.guard = undefined;
      throw error;
    });
    return (await (await this.guard).canActivate(context)) as boolean;
  }

  private async load(): Promise<CanActivate> {
    const throttler = await loadOptionalPeer<typeof Throttler>(
      '@nestjs/throttler',
      'McpThrottlerGuard',
    );
    const guard = await this.moduleRef.create(mcpThrottlerGuardClass(throttler));
    const counters = this.sharedCounters();
    if (counters) guard.useStorage(new McpThrottlerStorage(counters));
    await guard.onModuleInit();
    return guard;
  }

  /** The limit counters the instances share (the module's Redis), if any. */
  private sharedCounters(): LimitCounters | undefined {
    try {
      return this.moduleRef.get(McpServerCore, { strict: false }).limits.counters;
    } catch {
      return undefined; // no McpModule in this app
    }
  }
}
