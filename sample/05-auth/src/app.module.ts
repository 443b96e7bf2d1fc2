import { Module } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { McpModule } from '../../../lib/index.js';
import { BearerAuthGuard } from './auth/bearer-auth.guard.js';
import { RolesGuard } from './auth/roles.guard.js';
import { TokenStore } from './auth/token-store.js';
import { NotesTools } from './notes.tools.js';

/**
 * An MCP server behind bearer auth with per-tool roles:
 * - `BearerAuthGuard` authenticates every HTTP request and sets `req.user` (401 otherwise);
 * - `RolesGuard` checks `@Roles()` on each tool call, and with `hideDeniedFromLists` each caller
 *   lists only the tools it may call;
 * - the MCP session is bound to the user that opened it (`req.user.id`): another user presenting
 *   that session id gets 403.
 */
@Module({
  imports: [
    McpModule.forRoot({
      name: 'nestjs-mcp-auth-sample',
      version: '0.1.0',
      instructions: 'Notes for users; user management for admins.',
      hideDeniedFromLists: true,
    }),
  ],
  providers: [
    TokenStore,
    NotesTools,
    { provide: APP_GUARD, useClass: BearerAuthGuard },
    { provide: APP_GUARD, useClass: RolesGuard },
  ],
})
export class AppModule {}
