import {
  Injectable,
  UnauthorizedException,
  UseGuards,
  type CanActivate,
  type ExecutionContext,
} from '@nestjs/common';
import type { IncomingMessage } from 'node:http';
import { z } from 'zod';
import {
  Prompt,
  Resource,
  ResourceTemplate,
  Tool,
  McpExecutionContext,
} from '../../../../lib/index.js';
import { Recorder } from './recorder.js';

/** The API key {@link ApiKeyGuard} accepts in `X-Api-Key`. */
export const API_KEY = 'open-sesame';

/**
 * An MCP guard: allows callers whose HTTP request carries the API key. Records what
 * `McpExecutionContext` exposed (MCP method, arguments, session, HTTP request).
 */
@Injectable()
export class ApiKeyGuard implements CanActivate {
  constructor(private readonly recorder: Recorder) {}

  canActivate(context: ExecutionContext): boolean {
    const call = McpExecutionContext.create(context);
    const request = call.request as IncomingMessage;
    const allowed = request.headers['x-api-key'] === API_KEY;
    this.recorder.record('api-key-guard', {
      isMcp: McpExecutionContext.isMcp(context),
      type: context.getType(),
      method: call.mcp.method,
      args: call.args,
      sessionId: call.session?.id,
      handler: context.getHandler().name,
      allowed,
    });
    return allowed;
  }
}

/** A guard that throws instead of answering (a bug in the guard, a failing auth backend ...). */
@Injectable()
export class ExplodingGuard implements CanActivate {
  canActivate(): boolean {
    throw new Error('auth backend unavailable');
  }
}

/** A guard that refuses with an HTTP exception of its own. */
@Injectable()
export class LoginRequiredGuard implements CanActivate {
  canActivate(): boolean {
    throw new UnauthorizedException('Log in first');
  }
}

/**
 * A global guard (`APP_GUARD`): lets every HTTP request through, and denies every MCP call whose
 * HTTP request carries `X-Freeze: 1`.
 */
@Injectable()
export class FreezeGuard implements CanActivate {
  canActivate(context: ExecutionContext): boolean {
    if (!McpExecutionContext.isMcp(context)) return true;
    const request = McpExecutionContext.create(context).request as IncomingMessage;
    return request.headers['x-freeze'] !== '1';
  }
}

/** Tools, prompts and resources, some behind {@link ApiKeyGuard}. */
@Injectable()
export class GuardedTools {
  @Tool({ description: 'Open to everyone', inputSchema: { text: z.string() } })
  public_echo({ text }: { text: string }) {
    return `public: ${text}`;
  }

  @UseGuards(ApiKeyGuard)
  @Tool({ description: 'Needs the API key', inputSchema: { text: z.string() } })
  secret_echo({ text }: { text: string }) {
    return `secret: ${text}`;
  }

  @UseGuards(ExplodingGuard)
  @Tool({ description: 'Its guard throws' })
  fragile() {
    return 'unreachable';
  }

  @UseGuards(LoginRequiredGuard)
  @Tool({ description: 'Its guard throws UnauthorizedException' })
  members_only() {
    return 'unreachable';
  }

  @UseGuards(ApiKeyGuard)
  @Prompt({ description: 'A guarded prompt' })
  secret_prompt() {
    return 'the secret prompt';
  }

  @UseGuards(ApiKeyGuard)
  @Resource({ uri: 'guarded://secret', name: 'secret', mimeType: 'text/plain' })
  secret_resource() {
    return 'the secret resource';
  }

  @UseGuards(ApiKeyGuard)
  @ResourceTemplate({
    uriTemplate: 'guarded://vault/{item}',
    name: 'vault',
    mimeType: 'text/plain',
  })
  vault({ item }: Record<string, string | string[]>) {
    return `vault item ${String(item)}`;
  }

  @Resource({ uri: 'guarded://public', name: 'public', mimeType: 'text/plain' })
  public_resource() {
    return 'public resource';
  }
}

/** A whole class behind {@link ApiKeyGuard} (class-level `@UseGuards`). */
@Injectable()
@UseGuards(ApiKeyGuard)
export class LockedTools {
  @Tool({ description: 'Behind the class-level guard' })
  locked_tool() {
    return 'unlocked';
  }
}
