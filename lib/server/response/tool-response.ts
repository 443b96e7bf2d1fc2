import {
  audio,
  embeddedResource,
  image,
  resourceLink,
  text,
  type ContentAnnotations,
} from '../../protocol/content.js';
import type { CallToolResult, ContentBlock } from '../../protocol/schema/index.js';
import { BUILD_RESPONSE, mergeMeta } from './response-builder.js';

/** The contents `embedded()` takes: a URI, an optional MIME type, and text or bytes. */
export type EmbeddedContents = Parameters<typeof embeddedResource>[0];

/** The link `link()` takes (a `resource_link` block without its `type`). */
export type ResourceLinkFields = Parameters<typeof resourceLink>[0];

/**
 * A fluent builder of a `tools/call` result (`McpResponse.tool()`): content blocks in the order
 * added, structured content typed by the tool's output schema, the error flag and `_meta`. Return
 * it from a handler (or its {@link build} value); the server validates `structured()` against the
 * tool's `outputSchema` as for any result (a mismatch becomes an `isError` result).
 * @example
 * ```ts
 * return McpResponse.tool(Forecast).text('Sunny all week').structured({ city, temperatures });
 * ```
 */
export class ToolResponse<TStructured = Record<string, unknown>> {
  private readonly blocks: ContentBlock[] = [];
  private structuredContent?: TStructured;
  private isError = false;
  private resultMeta?: Record<string, unknown>;

  /** Adds a text block. */
  text(value: string, annotations?: ContentAnnotations): this {
    return this.add(text(value, annotations));
  }

  /** Adds a text block holding `data` as JSON (`indent`: spaces for pretty output, default none). */
  json(data: unknown, options: { indent?: number; annotations?: ContentAnnotations } = {}): this {
    return this.text(JSON.stringify(data, null, options.indent) ?? 'null', options.annotations);
  }

  /** Adds an image block; `data` is base64 or bytes (encoded for you). */
  image(data: string | Uint8Array, mimeType: string, annotations?: ContentAnnotations): this {
    return this.add(image(data, mimeType, annotations));
  }

  /** Adds an audio block; `data` is base64 or bytes. */
  audio(data: string | Uint8Array, mimeType: string, annotations?: ContentAnnotations): this {
    return this.add(audio(data, mimeType, annotations));
  }

  /** Adds an embedded resource (`type: "resource"`) with text or binary contents. */
  embedded(contents: EmbeddedContents, annotations?: ContentAnnotations): this {
    return this.add(embeddedResource(contents, annotations));
  }

  /** Adds a link to a resource (`type: "resource_link"`). */
  link(link: ResourceLinkFields, annotations?: ContentAnnotations): this {
    const block = resourceLink(link);
    return this.add(annotations ? { ...block, annotations } : block);
  }

  /** Adds ready-made content blocks (from the content helpers or another server). */
  content(...blocks: ContentBlock[]): this {
    this.blocks.push(...blocks);
    return this;
  }

  /**
   * Sets `structuredContent`, typed by the output schema given to `McpResponse.tool(schema)`.
   * Without other content, the result also carries its JSON as text (for clients that read text
   * only), as a plain object return does.
   */
  structured(data: TStructured): this {
    this.structuredContent = data;
    return this;
  }

  /** Marks the result as a tool error (`isError: true`) the model can read; `message` adds text. */
  error(message?: string): this {
    this.isError = true;
    return message === undefined ? this : this.text(message);
  }

  /** Merges `meta` into the result's `_meta`. */
  meta(meta: Record<string, unknown>): this {
    this.resultMeta = mergeMeta(this.resultMeta, meta);
    return this;
  }

  /** The result as it goes on the wire. */
  build(): CallToolResult<TStructured> {
    const content = [...this.blocks];
    if (this.structuredContent !== undefined && content.length === 0) {
      content.push(text(JSON.stringify(this.structuredContent)));
    }
    const result: CallToolResult<TStructured> = { content };
    if (this.structuredContent !== undefined) result.structuredContent = this.structuredContent;
    if (this.isError) result.isError = true;
    if (this.resultMeta) result._meta = this.resultMeta;
    return result;
  }

  /** @internal The server's build step. */
  [BUILD_RESPONSE](): CallToolResult<TStructured> {
    return this.build();
  }

  private add(block: ContentBlock): this {
    this.blocks.push(block);
    return this;
  }
}
