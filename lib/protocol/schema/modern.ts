/**
 * Messages and fields added by protocol revision 2026-07-28 (the "modern", stateless era).
 *
 * Per-method params schemas do not require the modern `_meta` keys: the engine validates a
 * modern request's `_meta` once with {@link RequestMetaObjectSchema} before dispatching it.
 * Result schemas accept what a client must tolerate (absent `resultType` means "complete";
 * absent `ttlMs` means 0), although 2026-07-28 servers MUST send those fields.
 */
import { z } from 'zod';
import {
  ImplementationSchema,
  MetaSchema,
  NotificationParamsSchema,
  ProgressTokenSchema,
  RequestIdSchema,
  RequestParamsSchema,
  ResultSchema,
} from './base.js';
import { ClientCapabilitiesSchema, ServerCapabilitiesSchema } from './capabilities.js';
import {
  ElicitRequestFormParamsSchema,
  ElicitRequestURLParamsSchema,
  ElicitResultSchema,
} from './elicitation.js';
import { LoggingLevelSchema } from './logging.js';
import { ListRootsResultSchema } from './roots.js';
import { CreateMessageRequestParamsSchema, CreateMessageResultSchema } from './sampling.js';

/** Request `_meta` key: the protocol version of this request (required); since 2026-07-28. */
export const PROTOCOL_VERSION_META_KEY = 'io.modelcontextprotocol/protocolVersion';
/** Request `_meta` key: the client's capabilities for this request (required); since 2026-07-28. */
export const CLIENT_CAPABILITIES_META_KEY = 'io.modelcontextprotocol/clientCapabilities';
/** Request `_meta` key: the client's self-reported `Implementation` (SHOULD); since 2026-07-28. */
export const CLIENT_INFO_META_KEY = 'io.modelcontextprotocol/clientInfo';
/** Request `_meta` key: opt-in log level for this request (deprecated feature); since 2026-07-28. */
export const LOG_LEVEL_META_KEY = 'io.modelcontextprotocol/logLevel';
/** Notification/result `_meta` key: id of the `subscriptions/listen` request; since 2026-07-28. */
export const SUBSCRIPTION_ID_META_KEY = 'io.modelcontextprotocol/subscriptionId';
/** Result `_meta` key: the server's self-reported `Implementation` (SHOULD); since 2026-07-28. */
export const SERVER_INFO_META_KEY = 'io.modelcontextprotocol/serverInfo';

/** Request `_meta` of a modern request: version and capabilities are required; since 2026-07-28. */
export const RequestMetaObjectSchema = z.looseObject({
  progressToken: z.optional(ProgressTokenSchema),
  [PROTOCOL_VERSION_META_KEY]: z.string(),
  [CLIENT_INFO_META_KEY]: z.optional(ImplementationSchema),
  [CLIENT_CAPABILITIES_META_KEY]: ClientCapabilitiesSchema,
  [LOG_LEVEL_META_KEY]: z.optional(LoggingLevelSchema),
});
/** Modern request `_meta`. */
export type RequestMetaObject = z.infer<typeof RequestMetaObjectSchema>;

/** Request params of the modern era: `_meta` is required; since 2026-07-28. */
export const ModernRequestParamsSchema = z.looseObject({ _meta: RequestMetaObjectSchema });
/** Modern request params. */
export type ModernRequestParams = z.infer<typeof ModernRequestParamsSchema>;

/** Notification `_meta` with the listen-stream `subscriptionId`; since 2026-07-28. */
export const NotificationMetaObjectSchema = z.looseObject({
  [SUBSCRIPTION_ID_META_KEY]: z.optional(RequestIdSchema),
});
/** Modern notification `_meta`. */
export type NotificationMetaObject = z.infer<typeof NotificationMetaObjectSchema>;

/** Result `_meta` with the optional `serverInfo`; since 2026-07-28. */
export const ResultMetaObjectSchema = z.looseObject({
  [SERVER_INFO_META_KEY]: z.optional(ImplementationSchema),
});
/** Modern result `_meta`. */
export type ResultMetaObject = z.infer<typeof ResultMetaObjectSchema>;

/** Kind of a result: "complete", "input_required" or an extension value; since 2026-07-28. */
export const ResultTypeSchema = z.union([
  z.literal('complete'),
  z.literal('input_required'),
  z.string(),
]);
/** A result type. */
export type ResultType = z.infer<typeof ResultTypeSchema>;

/** Who may share a cached result: "public" or "private"; since 2026-07-28 (SEP-2549). */
export const CacheScopeSchema = z.enum(['public', 'private']);
/** A cache scope. */
export type CacheScope = z.infer<typeof CacheScopeSchema>;

/** A modern result: `resultType` plus typed `_meta`; since 2026-07-28. */
export const ModernResultSchema = ResultSchema.extend({
  _meta: z.optional(ResultMetaObjectSchema),
  resultType: z.optional(ResultTypeSchema),
});
/** A modern result. */
export type ModernResult = z.infer<typeof ModernResultSchema>;

/** A result with cache hints `ttlMs` (freshness, ms) and `cacheScope`; since 2026-07-28. */
export const CacheableResultSchema = ModernResultSchema.extend({
  ttlMs: z.optional(z.number()),
  cacheScope: z.optional(CacheScopeSchema),
});
/** A cacheable result. */
export type CacheableResult = z.infer<typeof CacheableResultSchema>;

/** Params of `server/discover` (only `_meta`); since 2026-07-28. */
export const DiscoverRequestParamsSchema = RequestParamsSchema;
/** `server/discover` params. */
export type DiscoverRequestParams = z.infer<typeof DiscoverRequestParamsSchema>;

/** Result of `server/discover`: supported versions, capabilities, instructions; since 2026-07-28. */
export const DiscoverResultSchema = CacheableResultSchema.extend({
  supportedVersions: z.array(z.string()),
  capabilities: ServerCapabilitiesSchema,
  instructions: z.optional(z.string()),
});
/** `server/discover` result. */
export type DiscoverResult = z.infer<typeof DiscoverResultSchema>;

/** Opt-in notification types of a `subscriptions/listen` stream; since 2026-07-28. */
export const SubscriptionFilterSchema = z.looseObject({
  toolsListChanged: z.optional(z.boolean()),
  promptsListChanged: z.optional(z.boolean()),
  resourcesListChanged: z.optional(z.boolean()),
  resourceSubscriptions: z.optional(z.array(z.string())),
  /** Tasks extension (`io.modelcontextprotocol/tasks`): task ids to hear `notifications/tasks` for. */
  taskIds: z.optional(z.array(z.string())),
});
/** A subscription filter. */
export type SubscriptionFilter = z.infer<typeof SubscriptionFilterSchema>;

/** Params of `subscriptions/listen`: the requested `notifications`; since 2026-07-28. */
export const SubscriptionsListenRequestParamsSchema = RequestParamsSchema.extend({
  notifications: SubscriptionFilterSchema,
});
/** `subscriptions/listen` params. */
export type SubscriptionsListenRequestParams = z.infer<
  typeof SubscriptionsListenRequestParamsSchema
>;

/** Params of `notifications/subscriptions/acknowledged`: the honoured subset; since 2026-07-28. */
export const SubscriptionsAcknowledgedNotificationParamsSchema = NotificationParamsSchema.extend({
  _meta: z.optional(NotificationMetaObjectSchema),
  notifications: SubscriptionFilterSchema,
});
/** `notifications/subscriptions/acknowledged` params. */
export type SubscriptionsAcknowledgedNotificationParams = z.infer<
  typeof SubscriptionsAcknowledgedNotificationParamsSchema
>;

/** Result closing a listen stream gracefully; `_meta.subscriptionId` is required; since 2026-07-28. */
export const SubscriptionsListenResultSchema = ModernResultSchema.extend({
  _meta: ResultMetaObjectSchema.extend({ [SUBSCRIPTION_ID_META_KEY]: RequestIdSchema }),
});
/** `subscriptions/listen` result. */
export type SubscriptionsListenResult = z.infer<typeof SubscriptionsListenResultSchema>;

/** Elicitation params inside MRTR: 2026-07-28 dropped `elicitationId` from URL mode. */
const InputElicitParamsSchema = z.discriminatedUnion('mode', [
  ElicitRequestFormParamsSchema,
  ElicitRequestURLParamsSchema.extend({ elicitationId: z.optional(z.string()) }),
]);

/** A server-to-client request embedded in an `InputRequiredResult` (`{ method, params }`, no id). */
export const InputRequestSchema = z.discriminatedUnion('method', [
  z.looseObject({ method: z.literal('elicitation/create'), params: InputElicitParamsSchema }),
  z.looseObject({
    method: z.literal('sampling/createMessage'),
    params: CreateMessageRequestParamsSchema,
  }),
  z.looseObject({
    method: z.literal('roots/list'),
    params: z.optional(z.looseObject({ _meta: z.optional(MetaSchema) })),
  }),
]);
/** An MRTR input request. */
export type InputRequest = z.infer<typeof InputRequestSchema>;

/** Server-chosen keys to the input requests the client must fulfil; since 2026-07-28. */
export const InputRequestsSchema = z.record(z.string(), InputRequestSchema);
/** MRTR input requests. */
export type InputRequests = z.infer<typeof InputRequestsSchema>;

/** The client's answer to one input request: an elicit, sampling or roots result. */
export const InputResponseSchema = z.union([
  ElicitResultSchema,
  CreateMessageResultSchema,
  ListRootsResultSchema,
]);
/** An MRTR input response. */
export type InputResponse = z.infer<typeof InputResponseSchema>;

/** Answers keyed like the `inputRequests` they respond to; since 2026-07-28. */
export const InputResponsesSchema = z.record(z.string(), InputResponseSchema);
/** MRTR input responses. */
export type InputResponses = z.infer<typeof InputResponsesSchema>;

/** Interim MRTR result asking for input; has `inputRequests` and/or `requestState`; since 2026-07-28. */
export const InputRequiredResultSchema = ModernResultSchema.extend({
  resultType: z.literal('input_required'),
  inputRequests: z.optional(InputRequestsSchema),
  requestState: z.optional(z.string()),
}).refine((r) => r.inputRequests !== undefined || r.requestState !== undefined, {
  message: 'InputRequiredResult needs inputRequests or requestState',
  path: ['inputRequests'],
});
/** An input-required result. */
export type InputRequiredResult = z.infer<typeof InputRequiredResultSchema>;

/** Retry params of an MRTR request: `inputResponses` and echoed `requestState`; since 2026-07-28. */
export const InputResponseRequestParamsSchema = RequestParamsSchema.extend({
  inputResponses: z.optional(InputResponsesSchema),
  requestState: z.optional(z.string()),
});
/** MRTR retry params. */
export type InputResponseRequestParams = z.infer<typeof InputResponseRequestParamsSchema>;
