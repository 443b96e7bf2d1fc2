import { Injectable } from '@nestjs/common';
import { z } from 'zod';
import { McpArgs, McpRequest, Tool } from '../../../lib/index.js';
import { Roles } from './auth/roles.decorator.js';
import { TokenStore, type AuthenticatedRequest } from './auth/token-store.js';

/** One note, owned by a user. */
interface Note {
  owner: string;
  text: string;
}

/** Notes for users; user management for admins. Each tool declares who may use it. */
@Injectable()
export class NotesTools {
  private readonly notes: Note[] = [];

  constructor(private readonly tokens: TokenStore) {}

  @Roles('user')
  @Tool({ description: 'Who am I?', annotations: { readOnlyHint: true } })
  whoami(@McpRequest() req: AuthenticatedRequest) {
    const { username, roles } = req.user!;
    return { username, roles };
  }

  @Roles('user')
  @Tool({ description: 'Adds a note', inputSchema: { text: z.string().min(1).max(500) } })
  add_note(@McpArgs('text') text: string, @McpRequest() req: AuthenticatedRequest) {
    this.notes.push({ owner: req.user!.id, text });
    return `Saved. You have ${this.notesOf(req.user!.id).length} note(s).`;
  }

  @Roles('user')
  @Tool({ description: 'Lists my notes', annotations: { readOnlyHint: true } })
  list_notes(@McpRequest() req: AuthenticatedRequest) {
    return { notes: this.notesOf(req.user!.id) };
  }

  @Roles('admin')
  @Tool({ description: 'Lists the users (admins only)', annotations: { readOnlyHint: true } })
  list_users() {
    return { users: this.tokens.users().map(({ username, roles }) => ({ username, roles })) };
  }

  @Roles('admin')
  @Tool({
    description: "Deletes everyone's notes (admins only)",
    annotations: { destructiveHint: true },
  })
  purge_notes() {
    const count = this.notes.splice(0).length;
    return `Deleted ${count} note(s).`;
  }

  private notesOf(owner: string): string[] {
    return this.notes.filter((n) => n.owner === owner).map((n) => n.text);
  }
}
