import { z } from 'zod';

/** A JSON-RPC request id: a string or an integer (never null). */
export const RequestIdSchema = z.union([z.string(), z.number().int()]);
/** A JSON-RPC request id. */
export type RequestId = z.infer<typeof RequestIdSchema>;

/** Opaque token tying `notifications/progress` to the request that asked for progress. */
export const ProgressTokenSchema = z.union([z.string(), z.number()]);
/** A progress token. */
export type ProgressToken = z.infer<typeof ProgressTokenSchema>;

/** Opaque pagination cursor; an empty string is a valid cursor. */
export const CursorSchema = z.string();
/** A pagination cursor. */
export type Cursor = z.infer<typeof CursorSchema>;

/** The reserved `_meta` object: free-form keys (see the spec's key-naming rules). */
export const MetaSchema = z.record(z.string(), z.unknown());
/** A `_meta` object. */
export type Meta = z.infer<typeof MetaSchema>;

/** `_meta` of a request: free-form, with the reserved `progressToken` typed. */
export const RequestMetaSchema = z.looseObject({ progressToken: z.optional(ProgressTokenSchema) });
/** A request `_meta` object. */
export type RequestMeta = z.infer<typeof RequestMetaSchema>;

/** Params common to every request (only the optional `_meta`). */
export const RequestParamsSchema = z.looseObject({ _meta: z.optional(RequestMetaSchema) });
/** Params common to every request. */
export type RequestParams = z.infer<typeof RequestParamsSchema>;

/** Params common to every notification (only the optional `_meta`). */
export const NotificationParamsSchema = z.looseObject({ _meta: z.optional(MetaSchema) });
/** Params common to every notification. */
export type NotificationParams = z.infer<typeof NotificationParamsSchema>;

/** Fields common to every result (only the optional `_meta`); other keys pass through. */
export const ResultSchema = z.looseObject({ _meta: z.optional(MetaSchema) });
/** A result object. */
export type Result = z.infer<typeof ResultSchema>;

/** A result that carries no data (`{}`), e.g. for `ping` or `logging/setLevel`. */
export const EmptyResultSchema = ResultSchema;
/** An empty result. */
export type EmptyResult = z.infer<typeof EmptyResultSchema>;

/** Sender or recipient of messages and data: `user` or `assistant` (there is no `system`). */
export const RoleSchema = z.enum(['user', 'assistant']);
/** A conversation role. */
export type Role = z.infer<typeof RoleSchema>;

/** A sized icon for UIs (https or `data:` URI); since 2025-11-25. */
export const IconSchema = z.looseObject({
  src: z.string(),
  mimeType: z.optional(z.string()),
  sizes: z.optional(z.array(z.string())),
  theme: z.optional(z.enum(['light', 'dark'])),
});
/** An icon. */
export type Icon = z.infer<typeof IconSchema>;

/** Mixin carrying an optional `icons` list; since 2025-11-25. */
export const IconsSchema = z.looseObject({ icons: z.optional(z.array(IconSchema)) });
/** An object that may carry icons. */
export type Icons = z.infer<typeof IconsSchema>;

/** Client hints on content: audience, priority (0..1), `lastModified` (since 2025-06-18). */
export const AnnotationsSchema = z.looseObject({
  audience: z.optional(z.array(RoleSchema)),
  priority: z.optional(z.number().min(0).max(1)),
  lastModified: z.optional(z.string()),
});
/** Content annotations. */
export type Annotations = z.infer<typeof AnnotationsSchema>;

/** Programmatic `name` plus optional display `title` (title since 2025-06-18). */
export const BaseMetadataSchema = z.looseObject({
  name: z.string(),
  title: z.optional(z.string()),
});
/** Name and title of a protocol object. */
export type BaseMetadata = z.infer<typeof BaseMetadataSchema>;

/** Identity of an MCP client or server (`icons`, `description`, `websiteUrl` since 2025-11-25). */
export const ImplementationSchema = BaseMetadataSchema.extend({
  ...IconsSchema.shape,
  version: z.string(),
  description: z.optional(z.string()),
  websiteUrl: z.optional(z.string()),
});
/** An implementation's identity (`clientInfo` / `serverInfo`). */
export type Implementation = z.infer<typeof ImplementationSchema>;

/** Params of a paginated list request: an optional `cursor`. */
export const PaginatedRequestParamsSchema = RequestParamsSchema.extend({
  cursor: z.optional(CursorSchema),
});
/** Params of a paginated list request. */
export type PaginatedRequestParams = z.infer<typeof PaginatedRequestParamsSchema>;

/** A page of a list result: `nextCursor` is present when more pages may follow. */
export const PaginatedResultSchema = ResultSchema.extend({ nextCursor: z.optional(CursorSchema) });
/** A paginated result. */
export type PaginatedResult = z.infer<typeof PaginatedResultSchema>;
