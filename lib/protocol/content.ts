/** Content helpers: build spec-shaped content blocks and results without remembering field names. */

/** Optional annotations of a content block. */
export interface ContentAnnotations {
  audience?: Array<'user' | 'assistant'>;
  priority?: number;
  lastModified?: string;
}

/** A content block of a tool result or prompt message. */
export type ContentBlock = Record<string, unknown> & { type: string };

const CONTENT_TYPES = new Set(['text', 'image', 'audio', 'resource', 'resource_link']);

/** True when `value` looks like a content block (`{ type: 'text' | 'image' | ... }`). */
export function isContentBlock(value: unknown): value is ContentBlock {
  return (
    typeof value === 'object' &&
    value !== null &&
    CONTENT_TYPES.has((value as { type?: unknown }).type as string)
  );
}

function withAnnotations<T extends object>(block: T, annotations?: ContentAnnotations): T {
  return annotations ? { ...block, annotations } : block;
}

/** A text block. */
export function text(value: string, annotations?: ContentAnnotations): ContentBlock {
  return withAnnotations({ type: 'text', text: value }, annotations);
}

/** An image block; `data` is base64 or bytes (encoded for you). */
export function image(
  data: string | Uint8Array,
  mimeType: string,
  annotations?: ContentAnnotations,
): ContentBlock {
  return withAnnotations({ type: 'image', data: toBase64(data), mimeType }, annotations);
}

/** An audio block; `data` is base64 or bytes. */
export function audio(
  data: string | Uint8Array,
  mimeType: string,
  annotations?: ContentAnnotations,
): ContentBlock {
  return withAnnotations({ type: 'audio', data: toBase64(data), mimeType }, annotations);
}

/** An embedded resource with text or binary contents. */
export function embeddedResource(
  resource: { uri: string; mimeType?: string } & ({ text: string } | { blob: string | Uint8Array }),
  annotations?: ContentAnnotations,
): ContentBlock {
  const contents =
    'blob' in resource ? { ...resource, blob: toBase64(resource.blob) } : { ...resource };
  return withAnnotations({ type: 'resource', resource: contents }, annotations);
}

/** A link to a resource (need not be listed in `resources/list`). */
export function resourceLink(link: {
  uri: string;
  name: string;
  title?: string;
  description?: string;
  mimeType?: string;
  size?: number;
}): ContentBlock {
  return { type: 'resource_link', ...link };
}

/** A tool execution error result (`isError: true`), which the model can read and act on. */
export function toolError(message: string): { content: ContentBlock[]; isError: true } {
  return { content: [text(message)], isError: true };
}

/** A tool result from blocks, with optional structured content. */
export function toolResult(
  content: ContentBlock[],
  structuredContent?: Record<string, unknown>,
): { content: ContentBlock[]; structuredContent?: Record<string, unknown> } {
  return structuredContent ? { content, structuredContent } : { content };
}

/** Base64 of bytes; strings are assumed to be base64 already. */
export function toBase64(data: string | Uint8Array): string {
  return typeof data === 'string' ? data : Buffer.from(data).toString('base64');
}
