import { z } from 'zod';
import { ImplementationSchema } from '../../protocol/schema/base.js';
import { ClientCapabilitiesSchema } from '../../protocol/schema/capabilities.js';
import { InitializeRequestParamsSchema } from '../../protocol/schema/lifecycle.js';

/**
 * `initialize` params as the server accepts them: a missing or unknown `protocolVersion` is
 * negotiated (to the latest), missing `capabilities` mean none and `clientInfo` may be absent,
 * so that a sloppy client still gets a version it can check.
 */
const InitializeParams = InitializeRequestParamsSchema.extend({
  protocolVersion: z.unknown(),
  capabilities: z.optional(ClientCapabilitiesSchema),
  clientInfo: z.optional(ImplementationSchema),
});

/**
 * Where the server accepts more than the method table's params schema (robustness on input).
 * Every other served method is parsed with the table's schema as is.
 */
export const SERVED_PARAMS_OVERRIDES = { initialize: InitializeParams } as const;
