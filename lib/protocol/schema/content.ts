import { z } from 'zod';
import { AnnotationsSchema, MetaSchema } from './base.js';
import {
  BlobResourceContentsSchema,
  ResourceSchema,
  TextResourceContentsSchema,
} from './resources.js';

/** Fields every content block may carry: client hints and `_meta`. */
const contentBlockFields = {
  annotations: z.optional(AnnotationsSchema),
  _meta: z.optional(MetaSchema),
};

/** A base64 binary content block of one `type` (image, audio). */
function binaryContentSchema<T extends string>(type: T) {
  return z.looseObject({
    type: z.literal(type),
    data: z.string(),
    mimeType: z.string(),
    ...contentBlockFields,
  });
}

/** Plain text content block (`type: "text"`). */
export const TextContentSchema = z.looseObject({
  type: z.literal('text'),
  text: z.string(),
  ...contentBlockFields,
});
/** Text content. */
export type TextContent = z.infer<typeof TextContentSchema>;

/** Base64 image content block (`type: "image"`). */
export const ImageContentSchema = binaryContentSchema('image');
/** Image content. */
export type ImageContent = z.infer<typeof ImageContentSchema>;

/** Base64 audio content block (`type: "audio"`); since 2025-03-26. */
export const AudioContentSchema = binaryContentSchema('audio');
/** Audio content. */
export type AudioContent = z.infer<typeof AudioContentSchema>;

/** A link to a resource (a `Resource` plus `type: "resource_link"`); since 2025-06-18. */
export const ResourceLinkSchema = ResourceSchema.extend({ type: z.literal('resource_link') });
/** A resource link. */
export type ResourceLink = z.infer<typeof ResourceLinkSchema>;

/** Resource contents embedded in a message (`type: "resource"`). */
export const EmbeddedResourceSchema = z.looseObject({
  type: z.literal('resource'),
  resource: z.union([TextResourceContentsSchema, BlobResourceContentsSchema]),
  ...contentBlockFields,
});
/** An embedded resource. */
export type EmbeddedResource = z.infer<typeof EmbeddedResourceSchema>;

/** Content of tool results and prompt messages: text, image, audio, resource_link or resource. */
export const ContentBlockSchema = z.discriminatedUnion('type', [
  TextContentSchema,
  ImageContentSchema,
  AudioContentSchema,
  ResourceLinkSchema,
  EmbeddedResourceSchema,
]);
/** A content block. */
export type ContentBlock = z.infer<typeof ContentBlockSchema>;
