/** Content helpers: build spec-shaped content blocks and results without remembering field names. */
import type { Annotations } from './schema/base.js';
import type {
  AudioContent,
  ContentBlock,
  EmbeddedResource,
  ImageContent,
  ResourceLink,
  TextContent,
} from './schema/content.js';
import type { CallToolResult } from './schema/tools.js';

/** Optional annotations of a content block (the protocol's `Annotations`). */
export type ContentAnnotations = Annotations;

const CONTENT_TYPES = new Set(['text', 'image', 'audio', 'resource', 'resource_link']);

/**
 * True when `value` looks like a content block (`{ type: 'text' | 'image' | ... }`). Only the
 * `type` is checked: a cheap test for what a handler returned, not a validation.
 */
export function isContentBlock(value: unknown): value is ContentBlock {
  return (
    typeof value === 'object' &&
    value !== null &&
    CONTENT_TYPES.has((value as { type?: unknown }).type as string)
  );
}

function withAnnotations<T extends object>(block: T, annotations?: Annotations): T {
  return annotations ? { ...block, annotations } : block;
}

/** A text block. */
export function text(value: string, annotations?: Annotations): TextContent {
  return withAnnotations({ type: 'text' as const, text: value }, annotations);
}

/** An image block; `data` is base64 or bytes (encoded for you). */
export function image(
  data: string | Uint8Array,
  mimeType: string,
  annotations?: Annotations,
): ImageContent {
  return withAnnotations({ type: 'image' as const, data: toBase64(data), mimeType }, annotations);
}

/** An audio block; `data` is base64 or bytes. */
export function audio(
  data: string | Uint8Array,
  mimeType: string,
  annotations?: Annotations,
): AudioContent {
  return withAnnotations({ type: 'audio' as const, data: toBase64(data), mimeType }, annotations);
}

/** An embedded resource with text or binary contents. */
export function embeddedResource(
  resource: { uri: string; mimeType?: string } & ({ text: string } | { blob: string | Uint8Array }),
  annotations?: Annotations,
): EmbeddedResource {
  const contents =
    'blob' in resource ? { ...resource, blob: toBase64(resource.blob) } : { ...resource };
  return withAnnotations({ type: 'resource' as const, resource: contents }, annotations);
}

/** A link to a resource (need not be listed in `resources/list`). */
export function resourceLink(link: {
  uri: string;
  name: string;
  title?: string;
  description?: string;
  mimeType?: string;
  size?: number;
}): ResourceLink {
  return { type: 'resource_link', ...link };
}

/** A tool execution error result (`isError: true`), which the model can read and act on. */
export function toolError(message: string): CallToolResult<never> & { isError: true } {
  return { content: [text(message)], isError: true };
}

/** A tool result from blocks, with optional structured content. */
export function toolResult<TStructured extends Record<string, unknown> = Record<string, unknown>>(
  content: ContentBlock[],
  structuredContent?: TStructured,
): CallToolResult<TStructured> {
  return structuredContent ? { content, structuredContent } : { content };
}

/** Base64 of bytes; strings are assumed to be base64 already. */
export function toBase64(data: string | Uint8Array): string {
  return typeof data === 'string' ? data : Buffer.from(data).toString('base64');
}
