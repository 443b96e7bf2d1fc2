import { z } from 'zod';
import { BaseMetadataSchema, RequestParamsSchema, ResultSchema } from './base.js';

/** Spec limit on `completion.values` per response. */
export const MAX_COMPLETION_VALUES = 100;

/** Completion target: a prompt by `name` (`type: "ref/prompt"`). */
export const PromptReferenceSchema = BaseMetadataSchema.extend({ type: z.literal('ref/prompt') });
/** A prompt reference. */
export type PromptReference = z.infer<typeof PromptReferenceSchema>;

/** Completion target: a resource URI or URI template (`type: "ref/resource"`). */
export const ResourceTemplateReferenceSchema = z.looseObject({
  type: z.literal('ref/resource'),
  uri: z.string(),
});
/** A resource (template) reference. */
export type ResourceTemplateReference = z.infer<typeof ResourceTemplateReferenceSchema>;

/** Params of `completion/complete` (`context` since 2025-06-18). */
export const CompleteRequestParamsSchema = RequestParamsSchema.extend({
  ref: z.discriminatedUnion('type', [PromptReferenceSchema, ResourceTemplateReferenceSchema]),
  argument: z.looseObject({ name: z.string(), value: z.string() }),
  context: z.optional(z.looseObject({ arguments: z.optional(z.record(z.string(), z.string())) })),
});
/** `completion/complete` params. */
export type CompleteRequestParams = z.infer<typeof CompleteRequestParamsSchema>;

/** Result of `completion/complete`: at most 100 `values`, optional `total` and `hasMore`. */
export const CompleteResultSchema = ResultSchema.extend({
  completion: z.looseObject({
    values: z.array(z.string()).max(MAX_COMPLETION_VALUES),
    total: z.optional(z.number()),
    hasMore: z.optional(z.boolean()),
  }),
});
/** `completion/complete` result. */
export type CompleteResult = z.infer<typeof CompleteResultSchema>;
