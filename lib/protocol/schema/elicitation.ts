import { z } from 'zod';
import { NotificationParamsSchema, ResultSchema } from './base.js';
import { TaskAugmentedRequestParamsSchema } from './tasks.js';

/** Human-facing fields every primitive schema may carry. */
const LabelShape = { title: z.optional(z.string()), description: z.optional(z.string()) };

/** A `{ const, title }` option of a titled enum; since 2025-11-25. */
const TitledOptionSchema = z.looseObject({ const: z.string(), title: z.string() });

/** Elicitation field: a string with length bounds and `format` (`default` since 2025-11-25). */
export const StringSchemaSchema = z.looseObject({
  type: z.literal('string'),
  ...LabelShape,
  minLength: z.optional(z.number()),
  maxLength: z.optional(z.number()),
  format: z.optional(z.enum(['email', 'uri', 'date', 'date-time'])),
  default: z.optional(z.string()),
});
/** A string field schema. */
export type StringSchema = z.infer<typeof StringSchemaSchema>;

/** Elicitation field: a number or integer with bounds (`default` since 2025-11-25). */
export const NumberSchemaSchema = z.looseObject({
  type: z.enum(['number', 'integer']),
  ...LabelShape,
  minimum: z.optional(z.number()),
  maximum: z.optional(z.number()),
  default: z.optional(z.number()),
});
/** A number field schema. */
export type NumberSchema = z.infer<typeof NumberSchemaSchema>;

/** Elicitation field: a boolean. */
export const BooleanSchemaSchema = z.looseObject({
  type: z.literal('boolean'),
  ...LabelShape,
  default: z.optional(z.boolean()),
});
/** A boolean field schema. */
export type BooleanSchema = z.infer<typeof BooleanSchemaSchema>;

/** Single-select enum without labels: `{ type: "string", enum }`; since 2025-11-25. */
export const UntitledSingleSelectEnumSchemaSchema = z.looseObject({
  type: z.literal('string'),
  ...LabelShape,
  enum: z.array(z.string()),
  default: z.optional(z.string()),
});
/** An untitled single-select enum schema. */
export type UntitledSingleSelectEnumSchema = z.infer<typeof UntitledSingleSelectEnumSchemaSchema>;

/** Single-select enum with labels: `{ type: "string", oneOf: [{ const, title }] }`; since 2025-11-25. */
export const TitledSingleSelectEnumSchemaSchema = z.looseObject({
  type: z.literal('string'),
  ...LabelShape,
  oneOf: z.array(TitledOptionSchema),
  default: z.optional(z.string()),
});
/** A titled single-select enum schema. */
export type TitledSingleSelectEnumSchema = z.infer<typeof TitledSingleSelectEnumSchemaSchema>;

/** Either single-select enum form; since 2025-11-25. */
export const SingleSelectEnumSchemaSchema = z.union([
  TitledSingleSelectEnumSchemaSchema,
  UntitledSingleSelectEnumSchemaSchema,
]);
/** A single-select enum schema. */
export type SingleSelectEnumSchema = z.infer<typeof SingleSelectEnumSchemaSchema>;

/** Bounds shared by the multi-select forms. */
const MultiSelectShape = {
  type: z.literal('array'),
  ...LabelShape,
  minItems: z.optional(z.number()),
  maxItems: z.optional(z.number()),
  default: z.optional(z.array(z.string())),
};

/** Multi-select enum without labels: `{ type: "array", items: { type: "string", enum } }`; since 2025-11-25. */
export const UntitledMultiSelectEnumSchemaSchema = z.looseObject({
  ...MultiSelectShape,
  items: z.looseObject({ type: z.literal('string'), enum: z.array(z.string()) }),
});
/** An untitled multi-select enum schema. */
export type UntitledMultiSelectEnumSchema = z.infer<typeof UntitledMultiSelectEnumSchemaSchema>;

/** Multi-select enum with labels: `{ type: "array", items: { anyOf: [{ const, title }] } }`; since 2025-11-25. */
export const TitledMultiSelectEnumSchemaSchema = z.looseObject({
  ...MultiSelectShape,
  items: z.looseObject({ anyOf: z.array(TitledOptionSchema) }),
});
/** A titled multi-select enum schema. */
export type TitledMultiSelectEnumSchema = z.infer<typeof TitledMultiSelectEnumSchemaSchema>;

/** Either multi-select enum form; since 2025-11-25. */
export const MultiSelectEnumSchemaSchema = z.union([
  TitledMultiSelectEnumSchemaSchema,
  UntitledMultiSelectEnumSchemaSchema,
]);
/** A multi-select enum schema. */
export type MultiSelectEnumSchema = z.infer<typeof MultiSelectEnumSchemaSchema>;

/** The pre-SEP-1330 enum form with parallel `enumNames` labels (deprecated, still accepted). */
export const LegacyTitledEnumSchemaSchema = z.looseObject({
  type: z.literal('string'),
  ...LabelShape,
  enum: z.array(z.string()),
  enumNames: z.optional(z.array(z.string())),
  default: z.optional(z.string()),
});
/** A legacy titled enum schema. */
export type LegacyTitledEnumSchema = z.infer<typeof LegacyTitledEnumSchemaSchema>;

/** Any enum field form (SEP-1330: titled/untitled, single/multi, legacy). */
export const EnumSchemaSchema = z.union([
  SingleSelectEnumSchemaSchema,
  MultiSelectEnumSchemaSchema,
  LegacyTitledEnumSchemaSchema,
]);
/** An enum field schema. */
export type EnumSchema = z.infer<typeof EnumSchemaSchema>;

/** A flat (non-nested) elicitation field schema. Enum forms are tried before plain strings. */
export const PrimitiveSchemaDefinitionSchema = z.union([
  EnumSchemaSchema,
  StringSchemaSchema,
  NumberSchemaSchema,
  BooleanSchemaSchema,
]);
/** A primitive field schema. */
export type PrimitiveSchemaDefinition = z.infer<typeof PrimitiveSchemaDefinitionSchema>;

/** Params of form-mode `elicitation/create` (`mode` optional, defaults to "form"); since 2025-06-18. */
export const ElicitRequestFormParamsSchema = TaskAugmentedRequestParamsSchema.extend({
  mode: z.optional(z.literal('form')),
  message: z.string(),
  requestedSchema: z.looseObject({
    $schema: z.optional(z.string()),
    type: z.literal('object'),
    properties: z.record(z.string(), PrimitiveSchemaDefinitionSchema),
    required: z.optional(z.array(z.string())),
  }),
});
/** Form-mode elicitation params. */
export type ElicitRequestFormParams = z.infer<typeof ElicitRequestFormParamsSchema>;

/** Params of URL-mode `elicitation/create` (out-of-band interaction at `url`); since 2025-11-25. */
export const ElicitRequestURLParamsSchema = TaskAugmentedRequestParamsSchema.extend({
  mode: z.literal('url'),
  message: z.string(),
  elicitationId: z.string(),
  url: z.string(),
});
/** URL-mode elicitation params. */
export type ElicitRequestURLParams = z.infer<typeof ElicitRequestURLParamsSchema>;

/** Params of `elicitation/create`: form mode or URL mode, told apart by `mode`. */
export const ElicitRequestParamsSchema = z.discriminatedUnion('mode', [
  ElicitRequestFormParamsSchema,
  ElicitRequestURLParamsSchema,
]);
/** `elicitation/create` params. */
export type ElicitRequestParams = z.infer<typeof ElicitRequestParamsSchema>;

/** Result of `elicitation/create`: the user's `action` and, on accept (form mode), `content`. */
export const ElicitResultSchema = ResultSchema.extend({
  action: z.enum(['accept', 'decline', 'cancel']),
  content: z.optional(
    z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.array(z.string())])),
  ),
});
/** `elicitation/create` result. */
export type ElicitResult = z.infer<typeof ElicitResultSchema>;

/** Params of `notifications/elicitation/complete`; since 2025-11-25, removed in 2026-07-28. */
export const ElicitationCompleteNotificationParamsSchema = NotificationParamsSchema.extend({
  elicitationId: z.string(),
});
/** `notifications/elicitation/complete` params. */
export type ElicitationCompleteNotificationParams = z.infer<
  typeof ElicitationCompleteNotificationParamsSchema
>;

/** `error.data` of a URL-elicitation-required error (-32042); since 2025-11-25. */
export const URLElicitationRequiredErrorDataSchema = z.looseObject({
  elicitations: z.array(ElicitRequestURLParamsSchema),
});
/** URL-elicitation-required error data. */
export type URLElicitationRequiredErrorData = z.infer<typeof URLElicitationRequiredErrorDataSchema>;
