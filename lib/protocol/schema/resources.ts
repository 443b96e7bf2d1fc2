import { z } from 'zod';
import {
  AnnotationsSchema,
  BaseMetadataSchema,
  IconsSchema,
  MetaSchema,
  PaginatedResultSchema,
  RequestParamsSchema,
  ResultSchema,
} from './base.js';

/** Contents of a specific resource or sub-resource: `uri`, optional `mimeType`. */
export const ResourceContentsSchema = z.looseObject({
  uri: z.string(),
  mimeType: z.optional(z.string()),
  _meta: z.optional(MetaSchema),
});
/** Common resource contents fields. */
export type ResourceContents = z.infer<typeof ResourceContentsSchema>;

/** Resource contents as text. */
export const TextResourceContentsSchema = ResourceContentsSchema.extend({ text: z.string() });
/** Text resource contents. */
export type TextResourceContents = z.infer<typeof TextResourceContentsSchema>;

/** Resource contents as base64-encoded binary (`blob`). */
export const BlobResourceContentsSchema = ResourceContentsSchema.extend({ blob: z.string() });
/** Binary resource contents. */
export type BlobResourceContents = z.infer<typeof BlobResourceContentsSchema>;

/** Either text or blob resource contents. */
const AnyResourceContentsSchema = z.union([TextResourceContentsSchema, BlobResourceContentsSchema]);

/** A known resource the server can read (`icons` since 2025-11-25). */
export const ResourceSchema = BaseMetadataSchema.extend({
  ...IconsSchema.shape,
  uri: z.string(),
  description: z.optional(z.string()),
  mimeType: z.optional(z.string()),
  annotations: z.optional(AnnotationsSchema),
  size: z.optional(z.number()),
  _meta: z.optional(MetaSchema),
});
/** A resource descriptor. */
export type Resource = z.infer<typeof ResourceSchema>;

/** A parameterised resource family described by an RFC 6570 `uriTemplate`. */
export const ResourceTemplateSchema = BaseMetadataSchema.extend({
  ...IconsSchema.shape,
  uriTemplate: z.string(),
  description: z.optional(z.string()),
  mimeType: z.optional(z.string()),
  annotations: z.optional(AnnotationsSchema),
  _meta: z.optional(MetaSchema),
});
/** A resource template descriptor. */
export type ResourceTemplate = z.infer<typeof ResourceTemplateSchema>;

/** Result of `resources/list`. */
export const ListResourcesResultSchema = PaginatedResultSchema.extend({
  resources: z.array(ResourceSchema),
});
/** `resources/list` result. */
export type ListResourcesResult = z.infer<typeof ListResourcesResultSchema>;

/** Result of `resources/templates/list`. */
export const ListResourceTemplatesResultSchema = PaginatedResultSchema.extend({
  resourceTemplates: z.array(ResourceTemplateSchema),
});
/** `resources/templates/list` result. */
export type ListResourceTemplatesResult = z.infer<typeof ListResourceTemplatesResultSchema>;

/** Params shared by the resource requests that target one `uri`. */
export const ResourceRequestParamsSchema = RequestParamsSchema.extend({ uri: z.string() });
/** Params naming one resource. */
export type ResourceRequestParams = z.infer<typeof ResourceRequestParamsSchema>;

/** Params of `resources/read`. */
export const ReadResourceRequestParamsSchema = ResourceRequestParamsSchema;
/** `resources/read` params. */
export type ReadResourceRequestParams = z.infer<typeof ReadResourceRequestParamsSchema>;

/** Result of `resources/read`: one or more text/blob contents. */
export const ReadResourceResultSchema = ResultSchema.extend({
  contents: z.array(AnyResourceContentsSchema),
});
/** `resources/read` result. */
export type ReadResourceResult = z.infer<typeof ReadResourceResultSchema>;

/** Params of `resources/subscribe` (removed in 2026-07-28). */
export const SubscribeRequestParamsSchema = ResourceRequestParamsSchema;
/** `resources/subscribe` params. */
export type SubscribeRequestParams = z.infer<typeof SubscribeRequestParamsSchema>;

/** Params of `resources/unsubscribe` (removed in 2026-07-28). */
export const UnsubscribeRequestParamsSchema = ResourceRequestParamsSchema;
/** `resources/unsubscribe` params. */
export type UnsubscribeRequestParams = z.infer<typeof UnsubscribeRequestParamsSchema>;
