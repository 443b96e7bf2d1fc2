import { Injectable } from '@nestjs/common';
import { z } from 'zod';
import { authOf, McpArgs, McpRequest, McpScopes, Tool } from '../../../lib/index.js';

/**
 * Notes per user. Every call needs `notes:read` (the module's `requiredScopes`); writing needs
 * `notes:write` too: a token without it gets 403 `insufficient_scope` and the client steps up.
 */
@Injectable()
export class NotesTools {
  private readonly notes = new Map<string, string[]>();

  @Tool({
    description: 'Who am I, and what may this token do?',
    annotations: { readOnlyHint: true },
  })
  whoami(@McpRequest() req: unknown) {
    const auth = authOf(req)!;
    return {
      subject: auth.subject ?? null,
      clientId: auth.clientId ?? null,
      scopes: [...auth.scopes],
    };
  }

  @Tool({ description: 'Lists my notes', annotations: { readOnlyHint: true } })
  list_notes(@McpRequest() req: unknown) {
    return { notes: this.notesOf(req) };
  }

  @McpScopes('notes:write')
  @Tool({ description: 'Adds a note', inputSchema: { text: z.string().min(1).max(500) } })
  add_note(@McpArgs('text') text: string, @McpRequest() req: unknown) {
    const notes = this.notesOf(req);
    notes.push(text);
    return `Saved. You have ${notes.length} note(s).`;
  }

  private notesOf(req: unknown): string[] {
    const owner = authOf(req)?.subject ?? 'anonymous';
    let notes = this.notes.get(owner);
    if (!notes) this.notes.set(owner, (notes = []));
    return notes;
  }
}
