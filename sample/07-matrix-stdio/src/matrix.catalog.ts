import { Injectable } from '@nestjs/common';
import { z } from 'zod';
import { Prompt, Resource, ResourceTemplate } from '../../../lib/index.js';
import { MatrixState } from './matrix.state.js';
import { COUNTER_URI } from './matrix.tools.js';

/** Languages the `greet` prompt knows (its `language` argument completes from them). */
export const MATRIX_LANGUAGES = ['english', 'esperanto', 'french', 'german'];

/** Note names the `matrix://notes/{name}` template completes from. */
export const MATRIX_NOTES = ['welcome', 'todo', 'tips'];

const startingWith = (candidates: string[]) => (value: string) =>
  candidates.filter((candidate) => candidate.startsWith(value.toLowerCase()));

/**
 * Prompts, resources and resource templates of the transport matrix: three of each, so that
 * with `pageSize: 2` every list has two pages.
 */
@Injectable()
export class MatrixCatalog {
  constructor(private readonly state: MatrixState) {}

  /** Greets someone in a language; `language` completes. */
  @Prompt({
    description: 'Greets someone in a language',
    arguments: { name: z.string(), language: z.string() },
    complete: { language: startingWith(MATRIX_LANGUAGES) },
  })
  greet({ name, language }: { name: string; language: string }) {
    return `Greet ${name} in ${language}.`;
  }

  /** Summarises a topic. */
  @Prompt({ description: 'Summarises a topic', arguments: { topic: z.string() } })
  summarise({ topic }: { topic: string }) {
    return `Summarise ${topic}.`;
  }

  /** A prompt without arguments. */
  @Prompt({ description: 'Says hello' })
  hello() {
    return 'Hello!';
  }

  /** The counter `bump_counter` changes (subscribe to it). */
  // 2026-07-28 clients may reuse a read for 10 minutes; bump_counter's update invalidates it.
  @Resource({
    uri: COUNTER_URI,
    name: 'counter',
    mimeType: 'application/json',
    cache: { ttlMs: 600_000, cacheScope: 'private' },
  })
  counter() {
    return JSON.stringify({ counter: this.state.counter });
  }

  /** A static text resource. */
  @Resource({ uri: 'matrix://readme', name: 'readme', mimeType: 'text/plain' })
  readme() {
    return 'The transport matrix server.';
  }

  /** Another static text resource. */
  @Resource({ uri: 'matrix://license', name: 'license', mimeType: 'text/plain' })
  license() {
    return 'MIT';
  }

  /** A note by name; `name` completes. */
  @ResourceTemplate({
    uriTemplate: 'matrix://notes/{name}',
    name: 'note',
    mimeType: 'text/plain',
    complete: { name: startingWith(MATRIX_NOTES) },
  })
  note({ name }: Record<string, string | string[]>) {
    return `note ${String(name)}`;
  }

  /** A user by id. */
  @ResourceTemplate({ uriTemplate: 'matrix://users/{id}', name: 'user', mimeType: 'text/plain' })
  user({ id }: Record<string, string | string[]>) {
    return `user ${String(id)}`;
  }

  /** A tag. */
  @ResourceTemplate({ uriTemplate: 'matrix://tags/{tag}', name: 'tag', mimeType: 'text/plain' })
  tag({ tag }: Record<string, string | string[]>) {
    return `tag ${String(tag)}`;
  }
}
