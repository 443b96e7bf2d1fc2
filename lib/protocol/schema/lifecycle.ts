import { z } from 'zod';
import { ImplementationSchema, RequestParamsSchema, ResultSchema } from './base.js';
import { ClientCapabilitiesSchema, ServerCapabilitiesSchema } from './capabilities.js';

/** Params of `initialize` (legacy era; removed in 2026-07-28). */
export const InitializeRequestParamsSchema = RequestParamsSchema.extend({
  protocolVersion: z.string(),
  capabilities: ClientCapabilitiesSchema,
  clientInfo: ImplementationSchema,
});
/** `initialize` params. */
export type InitializeRequestParams = z.infer<typeof InitializeRequestParamsSchema>;

/** Result of `initialize`: the negotiated version, server capabilities and identity. */
export const InitializeResultSchema = ResultSchema.extend({
  protocolVersion: z.string(),
  capabilities: ServerCapabilitiesSchema,
  serverInfo: ImplementationSchema,
  instructions: z.optional(z.string()),
});
/** `initialize` result. */
export type InitializeResult = z.infer<typeof InitializeResultSchema>;
