/** Client → server requests of both eras: one method-table entry per method. */
import { z } from 'zod';
import { EmptyResultSchema, PaginatedRequestParamsSchema } from '../schema/base.js';
import { CompleteRequestParamsSchema, CompleteResultSchema } from '../schema/completion.js';
import { InitializeRequestParamsSchema, InitializeResultSchema } from '../schema/lifecycle.js';
import { SetLevelRequestParamsSchema } from '../schema/logging.js';
import {
  DiscoverRequestParamsSchema,
  DiscoverResultSchema,
  InputRequiredResultSchema,
  SubscriptionsListenRequestParamsSchema,
  SubscriptionsListenResultSchema,
} from '../schema/modern.js';
import {
  GetPromptRequestParamsSchema,
  GetPromptResultSchema,
  ListPromptsResultSchema,
} from '../schema/prompts.js';
import {
  ListResourcesResultSchema,
  ListResourceTemplatesResultSchema,
  ReadResourceRequestParamsSchema,
  ReadResourceResultSchema,
  SubscribeRequestParamsSchema,
  UnsubscribeRequestParamsSchema,
} from '../schema/resources.js';
import {
  GetSkillRequestParamsSchema,
  GetSkillResultSchema,
  ListSkillsResultSchema,
  SKILLS_EXTENSION_ID,
} from '../schema/skills-extension.js';
import { CreateTaskResultSchema } from '../schema/tasks.js';
import {
  ModernCreateTaskResultSchema,
  TaskAckResultSchema,
  UpdateTaskRequestParamsSchema,
} from '../schema/tasks-extension.js';
import {
  CallToolRequestParamsSchema,
  CallToolResultSchema,
  ListToolsResultSchema,
} from '../schema/tools.js';
import { clientRequest } from './method-spec.interface.js';
import {
  cacheableShape,
  modernShape,
  mrtrShape,
  OptionalPaginatedParams,
  PING,
  TASK_REQUESTS,
} from './shared-schemas.js';

/** A paginated list request in both eras (2026-07-28 results are cacheable, params required). */
function listMethod<const M extends string, R extends z.ZodObject>(
  method: M,
  capability: string,
  result: R,
) {
  return clientRequest({
    method,
    capability,
    legacy: { params: OptionalPaginatedParams, result },
    modern: { params: PaginatedRequestParamsSchema, result: result.extend(cacheableShape) },
  });
}

/**
 * The 2026-07-28 form of a multi-round-trip request (tools/call, prompts/get, resources/read):
 * params may carry `inputResponses`/`requestState`, the answer may be `input_required`.
 */
function mrtrModern<P extends z.ZodObject, R extends z.ZodType>(params: P, result: R) {
  return {
    params: params.extend(mrtrShape),
    result: z.union([InputRequiredResultSchema, result]),
  };
}

/**
 * Client → server requests. Task-augmentable `tools/call` also accepts a `CreateTaskResult`
 * (2025: `{ task }`; 2026-07-28 tasks extension: the flat task with `resultType: "task"`);
 * in 2026-07-28 `tools/call`, `prompts/get` and `resources/read` may answer `input_required`.
 */
export const CLIENT_REQUEST_SPECS = [
  clientRequest(PING),
  clientRequest({
    method: 'initialize',
    legacy: { params: InitializeRequestParamsSchema, result: InitializeResultSchema },
  }),
  clientRequest({
    method: 'server/discover',
    modern: { params: DiscoverRequestParamsSchema, result: DiscoverResultSchema },
  }),
  clientRequest({
    method: 'completion/complete',
    capability: 'completions',
    legacy: { params: CompleteRequestParamsSchema, result: CompleteResultSchema },
    modern: {
      params: CompleteRequestParamsSchema,
      result: CompleteResultSchema.extend(modernShape),
    },
  }),
  clientRequest({
    method: 'logging/setLevel',
    capability: 'logging',
    legacy: { params: SetLevelRequestParamsSchema, result: EmptyResultSchema },
  }),
  clientRequest({
    method: 'prompts/get',
    capability: 'prompts',
    legacy: { params: GetPromptRequestParamsSchema, result: GetPromptResultSchema },
    modern: mrtrModern(GetPromptRequestParamsSchema, GetPromptResultSchema.extend(modernShape)),
  }),
  listMethod('prompts/list', 'prompts', ListPromptsResultSchema),
  listMethod('resources/list', 'resources', ListResourcesResultSchema),
  listMethod('resources/templates/list', 'resources', ListResourceTemplatesResultSchema),
  clientRequest({
    method: 'resources/read',
    capability: 'resources',
    legacy: { params: ReadResourceRequestParamsSchema, result: ReadResourceResultSchema },
    modern: mrtrModern(
      ReadResourceRequestParamsSchema,
      ReadResourceResultSchema.extend(cacheableShape),
    ),
  }),
  clientRequest({
    method: 'resources/subscribe',
    capability: 'resources',
    legacy: { params: SubscribeRequestParamsSchema, result: EmptyResultSchema },
  }),
  clientRequest({
    method: 'resources/unsubscribe',
    capability: 'resources',
    legacy: { params: UnsubscribeRequestParamsSchema, result: EmptyResultSchema },
  }),
  clientRequest({
    method: 'subscriptions/listen',
    modern: {
      params: SubscriptionsListenRequestParamsSchema,
      result: SubscriptionsListenResultSchema,
    },
  }),
  clientRequest({
    method: 'tools/call',
    capability: 'tools',
    legacy: {
      params: CallToolRequestParamsSchema,
      result: z.union([CallToolResultSchema, CreateTaskResultSchema]),
    },
    modern: mrtrModern(
      CallToolRequestParamsSchema,
      z.union([ModernCreateTaskResultSchema, CallToolResultSchema.extend(modernShape)]),
    ),
  }),
  listMethod('tools/list', 'tools', ListToolsResultSchema),
  // Skills extension (SEP-2640): gated on the extension, not on a top-level capability.
  clientRequest({
    method: 'skills/list',
    extension: SKILLS_EXTENSION_ID,
    legacy: { params: OptionalPaginatedParams, result: ListSkillsResultSchema },
    modern: {
      params: PaginatedRequestParamsSchema,
      result: ListSkillsResultSchema.extend(cacheableShape),
    },
  }),
  clientRequest({
    method: 'skills/get',
    extension: SKILLS_EXTENSION_ID,
    legacy: { params: GetSkillRequestParamsSchema, result: GetSkillResultSchema },
    modern: {
      params: GetSkillRequestParamsSchema,
      result: GetSkillResultSchema.extend(cacheableShape),
    },
  }),
  ...TASK_REQUESTS.map((spec) => clientRequest(spec)),
  clientRequest({
    method: 'tasks/update',
    capability: 'tasks',
    modern: { params: UpdateTaskRequestParamsSchema, result: TaskAckResultSchema },
  }),
] as const;
