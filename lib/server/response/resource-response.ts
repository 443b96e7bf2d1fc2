import { toBase64 } from '../../protocol/content.js';
import type { ReadResourceResult } from '../../protocol/schema/index.js';
import { BUILD_RESPONSE, mergeMeta, type ResponseDefaults } from './response-builder.js';

/**
 * Per-contents fields of `McpResponse.resource()`: each defaults to the builder's value, then to
 * what the server knows (the URI being read, the MIME type the resource declared).
 */
export interface ResourceContentsOptions {
  /** The contents' URI (default: the builder's, else the URI being read). */
  uri?: string;
  /** MIME type (default: the builder's, else the resource's declared one). */
  mimeType?: string;
  /**
   * Name, title and description of the contents. Not fields of the spec's resource contents:
   * sent as extra properties (named as in a `Resource`), which the schemas of both eras allow;
   * McpClient keeps them, strict clients (the official SDK v1) drop them.
   */
  name?: string;
  title?: string;
  description?: string;
  /** `_meta` of these contents. */
  _meta?: Record<string, unknown>;
}

type Contents = ReadResourceResult['contents'][number];
type Pending = ResourceContentsOptions & ({ text: string } | { blob: string });

/**
 * A fluent builder of a `resources/read` result (`McpResponse.resource()`): text or binary
 * contents (one or several), their URI, MIME type, name and description, and `_meta`.
 * @example
 * ```ts
 * return McpResponse.resource().mimeType('text/markdown').name('readme').text('# Hello');
 * ```
 */
export class ResourceResponse {
  private readonly items: Pending[] = [];
  private readonly defaults: ResourceContentsOptions = {};
  private resultMeta?: Record<string, unknown>;

  constructor(uri?: string) {
    if (uri !== undefined) this.defaults.uri = uri;
  }

  /** Adds text contents. */
  text(text: string, options: ResourceContentsOptions = {}): this {
    this.items.push({ ...options, text });
    return this;
  }

  /** Adds binary contents; `data` is base64 or bytes (encoded for you). */
  blob(data: string | Uint8Array, options: ResourceContentsOptions = {}): this {
    this.items.push({ ...options, blob: toBase64(data) });
    return this;
  }

  /** The URI of contents that set none (default: the URI being read). */
  uri(uri: string): this {
    this.defaults.uri = uri;
    return this;
  }

  /** The MIME type of contents that set none (default: the resource's declared MIME type). */
  mimeType(mimeType: string): this {
    this.defaults.mimeType = mimeType;
    return this;
  }

  /** The name of contents that set none. */
  name(name: string): this {
    this.defaults.name = name;
    return this;
  }

  /** The title of contents that set none. */
  title(title: string): this {
    this.defaults.title = title;
    return this;
  }

  /** The description of contents that set none. */
  description(description: string): this {
    this.defaults.description = description;
    return this;
  }

  /** Merges `meta` into the result's `_meta`. */
  meta(meta: Record<string, unknown>): this {
    this.resultMeta = mergeMeta(this.resultMeta, meta);
    return this;
  }

  /**
   * The result as it goes on the wire; `server` gives the URI being read and the declared MIME
   * type (the server passes them when a handler returns the builder).
   * @throws TypeError when contents have no URI (none set and none given by the server).
   */
  build(server: ResponseDefaults = {}): ReadResourceResult {
    const contents = this.items.map((item) => this.contents(item, server));
    const result: ReadResourceResult = { contents };
    if (this.resultMeta) result._meta = this.resultMeta;
    return result;
  }

  /** @internal The server's build step. */
  [BUILD_RESPONSE](server: ResponseDefaults): ReadResourceResult {
    return this.build(server);
  }

  private contents(item: Pending, server: ResponseDefaults): Contents {
    const merged: Record<string, unknown> = { ...this.defaults, ...item };
    merged.uri ??= server.uri;
    merged.mimeType ??= server.mimeType;
    if (typeof merged.uri !== 'string') {
      throw new TypeError(
        'McpResponse.resource(): contents need a uri (none set, none being read)',
      );
    }
    for (const key of Object.keys(merged)) if (merged[key] === undefined) delete merged[key];
    return merged as Contents;
  }
}
