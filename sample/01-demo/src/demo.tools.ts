import { Injectable } from '@nestjs/common';
import { z } from 'zod';
import { McpContext, Prompt, Resource, ResourceTemplate, Skill, Tool } from '../../../lib/index.js';

/** Waits `ms`, or rejects when `signal` aborts; the abort listener lives only while waiting. */
export const sleep = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    if (signal.aborted) return reject(signal.reason);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal.reason);
    };
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal.addEventListener('abort', onAbort, { once: true });
  });

/** What `greetUser` asks: one required text field. */
const NAME_FORM = z.object({ name: z.string() });

/** The demo's tools: plain provider methods with decorators. */
@Injectable()
export class DemoTools {
  private readonly notes = new Map<string, string>([['welcome', 'Hello from nestjs-mcp!']]);

  @Tool({
    description: 'Echoes the given text back',
    inputSchema: { text: z.string().describe('Text to echo') },
    annotations: { readOnlyHint: true },
  })
  echo({ text }: { text: string }) {
    return text;
  }

  @Tool({
    description: 'Adds two numbers and returns structured output',
    inputSchema: { a: z.number(), b: z.number() },
    outputSchema: { sum: z.number() },
    annotations: { readOnlyHint: true, idempotentHint: true },
  })
  add({ a, b }: { a: number; b: number }) {
    return { sum: a + b };
  }

  @Tool({
    description: 'Counts to `steps`, reporting progress and logs; cancellable',
    inputSchema: {
      steps: z.number().int().min(1).max(100).default(5),
      delayMs: z.number().int().min(0).max(5000).default(100),
    },
  })
  async countdown({ steps, delayMs }: { steps: number; delayMs: number }, ctx: McpContext) {
    for (let i = 1; i <= steps; i++) {
      await sleep(delayMs, ctx.signal);
      ctx.progress(i, steps, `step ${i} of ${steps}`);
      ctx.log('info', { step: i }, 'countdown');
    }
    return `Counted to ${steps}`;
  }

  @Tool({
    description: 'Stores a note and notifies subscribers of notes://{name}',
    inputSchema: { name: z.string(), text: z.string() },
  })
  saveNote({ name, text }: { name: string; text: string }, ctx: McpContext) {
    this.notes.set(name, text);
    ctx.notifyResourceUpdated(`notes://${name}`);
    return `Saved note "${name}"`;
  }

  @Tool({ description: 'Asks the user for their name (elicitation)' })
  async greetUser(_args: unknown, ctx: McpContext) {
    // Typed elicitation: the zod schema goes out as the form, the answer comes back validated.
    const answer = await ctx.elicit({ message: 'What is your name?', schema: NAME_FORM });
    if (answer.action === 'accept') return `Hello, ${answer.content.name}!`;
    if (answer.action === 'invalid') throw answer.error;
    return `No name (${answer.action})`;
  }

  @Resource({
    uri: 'demo://about',
    name: 'about',
    mimeType: 'text/plain',
    description: 'About this server',
  })
  about() {
    return 'nestjs-mcp demo server: tools, prompts, resources and templates from plain Nest providers.';
  }

  @ResourceTemplate({
    uriTemplate: 'notes://{name}',
    name: 'note',
    mimeType: 'text/plain',
    description: 'A note by name',
    complete: { name: 'completeNoteName' }, // a method of this provider: it sees the saved notes
  })
  note({ name }: Record<string, string | string[]>) {
    return this.notes.get(String(name)) ?? `No note named ${String(name)}`;
  }

  /** Completes note names from the notes saved so far. */
  completeNoteName(value: string): string[] {
    return [...this.notes.keys()].filter((name) => name.startsWith(value));
  }

  @Prompt({
    description: 'Asks the model to summarise a topic',
    arguments: { topic: z.string().describe('What to summarise') },
    complete: {
      topic: (value) =>
        ['NestJS', 'MCP', 'RxJS'].filter((t) => t.toLowerCase().startsWith(value.toLowerCase())),
    },
  })
  summarise({ topic }: { topic: string }) {
    return `Please write a short summary of ${topic}.`;
  }

  /** A skill (SEP-2640): workflow notes for the tools above, listed with its files' digests. */
  @Skill({
    name: 'note-taking',
    description: 'Keep notes with saveNote and read them back through notes://{name}',
    instructions: [
      '# Note taking',
      '',
      '1. Save a note with the `saveNote` tool (`name`, `text`).',
      '2. Read it back as the resource `notes://<name>`; subscribe to hear of changes.',
      '3. To sum a note up, get the `summarise` prompt with the note as `topic`.',
    ].join('\n'),
    files: [{ path: 'references/naming.md', content: '# Names\nUse short kebab-case names.\n' }],
    uses: { tools: ['saveNote'], prompts: ['summarise'] },
  })
  noteTaking() {}
}
