import { text, type ContentAnnotations } from '../../protocol/content.js';
import type {
  ContentBlock,
  GetPromptResult,
  PromptMessage,
  Role,
} from '../../protocol/schema/index.js';
import { BUILD_RESPONSE, mergeMeta } from './response-builder.js';

/**
 * A fluent builder of a `prompts/get` result (`McpResponse.prompt()`): user and assistant
 * messages in order (a string becomes a text block, any content block is taken as is), the
 * description and `_meta`.
 * @example
 * ```ts
 * return McpResponse.prompt('Review').user(`Review this code:\n${code}`).assistant('Sure, reading it.');
 * ```
 */
export class PromptResponse {
  private readonly messages: PromptMessage[] = [];
  private promptDescription?: string;
  private resultMeta?: Record<string, unknown>;

  constructor(description?: string) {
    this.promptDescription = description;
  }

  /** Adds a user message: text (a string) or one content block. */
  user(content: string | ContentBlock, annotations?: ContentAnnotations): this {
    return this.message('user', content, annotations);
  }

  /** Adds an assistant message: text (a string) or one content block. */
  assistant(content: string | ContentBlock, annotations?: ContentAnnotations): this {
    return this.message('assistant', content, annotations);
  }

  /** Adds a message of `role`. */
  message(role: Role, content: string | ContentBlock, annotations?: ContentAnnotations): this {
    this.messages.push({
      role,
      content: typeof content === 'string' ? text(content, annotations) : content,
    });
    return this;
  }

  /** Sets the result's description (default: the prompt's own description). */
  description(description: string): this {
    this.promptDescription = description;
    return this;
  }

  /** Merges `meta` into the result's `_meta`. */
  meta(meta: Record<string, unknown>): this {
    this.resultMeta = mergeMeta(this.resultMeta, meta);
    return this;
  }

  /** The result as it goes on the wire. */
  build(): GetPromptResult {
    const result: GetPromptResult = { messages: [...this.messages] };
    if (this.promptDescription !== undefined) result.description = this.promptDescription;
    if (this.resultMeta) result._meta = this.resultMeta;
    return result;
  }

  /** @internal The server's build step. */
  [BUILD_RESPONSE](): GetPromptResult {
    return this.build();
  }
}
