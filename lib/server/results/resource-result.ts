import { toBase64 } from '../../protocol/content.js';
import type { ReadResourceResult } from '../../protocol/schema/index.js';
import { unwrapResponse } from '../response/response-builder.js';

type Contents = ReadResourceResult['contents'][number];

function normaliseContents(item: unknown, uri: string, mimeType?: string): Contents {
  if (typeof item === 'string') return withMime({ uri, text: item }, mimeType);
  if (item instanceof Uint8Array) return withMime({ uri, blob: toBase64(item) }, mimeType);
  if (typeof item === 'object' && item !== null && ('text' in item || 'blob' in item)) {
    const contents: Record<string, unknown> = { uri, ...(item as Record<string, unknown>) };
    if (contents.blob instanceof Uint8Array) contents.blob = toBase64(contents.blob);
    return (contents.mimeType === undefined ? withMime(contents, mimeType) : contents) as Contents;
  }
  throw new TypeError(
    'A resource handler must return text, bytes, {text|blob} contents or { contents }',
  );
}

function withMime<C extends object>(contents: C, mimeType?: string): C {
  return mimeType === undefined ? contents : { ...contents, mimeType };
}

/**
 * Wraps what a resource handler returned (a response builder is built with the URI being read
 * and the declared MIME type): `{ contents }` passes through; a string is text; bytes
 * become a base64 blob; `{ text }`/`{ blob }` get the URI and declared MIME type; an array yields
 * several contents.
 */
export function toReadResourceResult(
  returned: unknown,
  uri: string,
  mimeType?: string,
): ReadResourceResult {
  const value = unwrapResponse(returned, { uri, mimeType });
  if (
    typeof value === 'object' &&
    value !== null &&
    Array.isArray((value as ReadResourceResult).contents)
  ) {
    return value as ReadResourceResult;
  }
  const items = Array.isArray(value) ? value : [value];
  return { contents: items.map((item) => normaliseContents(item, uri, mimeType)) };
}
