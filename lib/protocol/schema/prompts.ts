import { z } from 'zod';
import {
  BaseMetadataSchema,
  IconsSchema,
  MetaSchema,
  PaginatedResultSchema,
  RequestParamsSchema,
  ResultSchema,
  RoleSchema,
} from './base.js';
import { ContentBlockSchema } from './content.js';

/** An argument a prompt template accepts (untyped; values are strings). */
export const PromptArgumentSchema = BaseMetadataSchema.extend({
  description: z.optional(z.string()),
  required: z.optional(z.boolean()),
});
/** A prompt argument. */
export type PromptArgument = z.infer<typeof PromptArgumentSchema>;

/** A prompt or prompt template offered by the server (`icons` since 2025-11-25). */
export const PromptSchema = BaseMetadataSchema.extend({
  ...IconsSchema.shape,
  description: z.optional(z.string()),
  arguments: z.optional(z.array(PromptArgumentSchema)),
  _meta: z.optional(MetaSchema),
});
/** A prompt descriptor. */
export type Prompt = z.infer<typeof PromptSchema>;

/** Result of `prompts/list` (paginated). */
export const ListPromptsResultSchema = PaginatedResultSchema.extend({
  prompts: z.array(PromptSchema),
});
/** `prompts/list` result. */
export type ListPromptsResult = z.infer<typeof ListPromptsResultSchema>;

/** Params of `prompts/get`: prompt `name` and string `arguments`. */
export const GetPromptRequestParamsSchema = RequestParamsSchema.extend({
  name: z.string(),
  arguments: z.optional(z.record(z.string(), z.string())),
});
/** `prompts/get` params. */
export type GetPromptRequestParams = z.infer<typeof GetPromptRequestParamsSchema>;

/** One message of a prompt: a role and a single content block. */
export const PromptMessageSchema = z.looseObject({
  role: RoleSchema,
  content: ContentBlockSchema,
});
/** A prompt message. */
export type PromptMessage = z.infer<typeof PromptMessageSchema>;

/** Result of `prompts/get`. */
export const GetPromptResultSchema = ResultSchema.extend({
  description: z.optional(z.string()),
  messages: z.array(PromptMessageSchema),
});
/** `prompts/get` result. */
export type GetPromptResult = z.infer<typeof GetPromptResultSchema>;
