import { z } from 'zod';
import { MetaSchema, ResultSchema, RoleSchema } from './base.js';
import {
  AudioContentSchema,
  ContentBlockSchema,
  ImageContentSchema,
  TextContentSchema,
} from './content.js';
import { TaskAugmentedRequestParamsSchema } from './tasks.js';
import { ToolSchema } from './tools.js';

/** A model's request to call a tool, inside a sampling message (`type: "tool_use"`); since 2025-11-25. */
export const ToolUseContentSchema = z.looseObject({
  type: z.literal('tool_use'),
  id: z.string(),
  name: z.string(),
  input: z.record(z.string(), z.unknown()),
  _meta: z.optional(MetaSchema),
});
/** Tool-use content. */
export type ToolUseContent = z.infer<typeof ToolUseContentSchema>;

/**
 * The outcome of a tool call, fed back in a sampling message (`type: "tool_result"`); since
 * 2025-11-25. `structuredContent` is an object in 2025-11-25 and any JSON value in 2026-07-28.
 */
export const ToolResultContentSchema = z.looseObject({
  type: z.literal('tool_result'),
  toolUseId: z.string(),
  content: z.array(ContentBlockSchema),
  structuredContent: z.optional(z.unknown()),
  isError: z.optional(z.boolean()),
  _meta: z.optional(MetaSchema),
});
/** Tool-result content. */
export type ToolResultContent = z.infer<typeof ToolResultContentSchema>;

/** Content allowed in sampling messages: text, image, audio, tool_use, tool_result. */
export const SamplingMessageContentBlockSchema = z.discriminatedUnion('type', [
  TextContentSchema,
  ImageContentSchema,
  AudioContentSchema,
  ToolUseContentSchema,
  ToolResultContentSchema,
]);
/** A sampling content block. */
export type SamplingMessageContentBlock = z.infer<typeof SamplingMessageContentBlockSchema>;

/** Fields shared by `SamplingMessage` and `CreateMessageResult`: a role and one block or a list. */
const SamplingMessageShape = {
  role: RoleSchema,
  content: z.union([SamplingMessageContentBlockSchema, z.array(SamplingMessageContentBlockSchema)]),
  _meta: z.optional(MetaSchema),
};

/** A message in a sampling conversation (array content since 2025-11-25). */
export const SamplingMessageSchema = z.looseObject(SamplingMessageShape);
/** A sampling message. */
export type SamplingMessage = z.infer<typeof SamplingMessageSchema>;

/** A model-name hint (substring match) for model selection. */
export const ModelHintSchema = z.looseObject({ name: z.optional(z.string()) });
/** A model hint. */
export type ModelHint = z.infer<typeof ModelHintSchema>;

/** Server preferences for model selection: hints and 0..1 priorities. */
export const ModelPreferencesSchema = z.looseObject({
  hints: z.optional(z.array(ModelHintSchema)),
  costPriority: z.optional(z.number().min(0).max(1)),
  speedPriority: z.optional(z.number().min(0).max(1)),
  intelligencePriority: z.optional(z.number().min(0).max(1)),
});
/** Model preferences. */
export type ModelPreferences = z.infer<typeof ModelPreferencesSchema>;

/** How the model may use the offered tools: auto, required or none; since 2025-11-25. */
export const ToolChoiceSchema = z.looseObject({
  mode: z.optional(z.enum(['auto', 'required', 'none'])),
});
/** Tool choice. */
export type ToolChoice = z.infer<typeof ToolChoiceSchema>;

/** Params of `sampling/createMessage` (`tools`/`toolChoice`/`task` since 2025-11-25). */
export const CreateMessageRequestParamsSchema = TaskAugmentedRequestParamsSchema.extend({
  messages: z.array(SamplingMessageSchema),
  modelPreferences: z.optional(ModelPreferencesSchema),
  systemPrompt: z.optional(z.string()),
  includeContext: z.optional(z.enum(['none', 'thisServer', 'allServers'])),
  temperature: z.optional(z.number()),
  maxTokens: z.number(),
  stopSequences: z.optional(z.array(z.string())),
  metadata: z.optional(z.looseObject({})),
  tools: z.optional(z.array(ToolSchema)),
  toolChoice: z.optional(ToolChoiceSchema),
});
/** `sampling/createMessage` params. */
export type CreateMessageRequestParams = z.infer<typeof CreateMessageRequestParamsSchema>;

/** Result of `sampling/createMessage`: the sampled message, `model`, and `stopReason`. */
export const CreateMessageResultSchema = ResultSchema.extend({
  ...SamplingMessageShape,
  model: z.string(),
  /** "endTurn" | "stopSequence" | "maxTokens" | "toolUse" (since 2025-11-25) or another string. */
  stopReason: z.optional(z.string()),
});
/** `sampling/createMessage` result. */
export type CreateMessageResult = z.infer<typeof CreateMessageResultSchema>;
