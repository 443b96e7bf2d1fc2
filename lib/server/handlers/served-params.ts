import { z } from 'zod';
import { ImplementationSchema, type RequestMeta } from '../../protocol/schema/base.js';
import { ClientCapabilitiesSchema } from '../../protocol/schema/capabilities.js';
import { InitializeRequestParamsSchema } from '../../protocol/schema/lifecycle.js';
import { CallToolRequestParamsSchema } from '../../protocol/schema/tools.js';
import { mrtrShape } from '../../protocol/methods/shared-schemas.js';
import { isPlainObject } from '../../protocol/plain-object.js';

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

/** A JSON object, checked and passed on as it is (no copy). */
function plainObject<T>(): z.ZodType<T> {
  return z.custom<T>(isPlainObject, { error: 'expected an object' });
}

/**
 * `tools/call` params as the server parses them: `arguments` must be an object, checked but not
 * copied key by key (the table's `z.record` rebuilds it; the tool's own input schema parses it
 * right after, so the copy was work done twice on every call).
 */
const CallToolParams = CallToolRequestParamsSchema.extend({
  arguments: z.optional(plainObject<Record<string, unknown>>()),
});

/**
 * Where the server accepts more than the method table's params schema (robustness on input), or
 * parses the same input with less work. Every other served method is parsed with the table's
 * schema as is.
 */
export const SERVED_PARAMS_OVERRIDES = {
  initialize: InitializeParams,
  'tools/call': CallToolParams,
} as const;

/**
 * The `_meta` of a 2026-07-28 request's params: a transport parses it in full as the envelope
 * (`parseModernEnvelope`) before it dispatches, so here it is only checked to be an object, not
 * parsed and copied a second time with its client capabilities. Optional: a caller of
 * `dispatchModern` may pass the protocol facts without it.
 */
const EnvelopeMeta = plainObject<RequestMeta>();

/** The 2026-07-28 counterparts of {@link SERVED_PARAMS_OVERRIDES} (input rounds included). */
export const MODERN_SERVED_PARAMS_OVERRIDES: Readonly<Record<string, z.ZodType>> = {
  'tools/call': CallToolParams.extend(mrtrShape).extend({
    _meta: z.optional(EnvelopeMeta),
  }),
};

/**
 * A cheap, sufficient test that the served schema accepts `params` with nothing to change (then
 * they are served as they are, with no schema walk); false sends them through the schema, the one
 * authority on validity and on the error message.
 */
export type PlainParamsTest = (params: unknown) => boolean;

/**
 * `tools/call` params as most clients send them: a string `name`, `arguments` absent or a JSON
 * object, and in 2026-07-28 (`envelopeMeta`) a `_meta` object, which the transport parsed as the
 * envelope already (`EnvelopeMeta` only checks it is one); no other member (a `task`, input
 * responses, a 2025 `_meta` go through the schema). The schema's walk made a copy of the params
 * and, until the code was optimised, built a `{ value, issues }` pair per member through the
 * runtime on every call.
 */
function plainToolCall(envelopeMeta: boolean): PlainParamsTest {
  return (params) => {
    if (!isPlainObject(params) || typeof params.name !== 'string') return false;
    for (const key in params) {
      if (key === 'name') continue;
      const value = params[key];
      if (key === 'arguments' && (value === undefined || isPlainObject(value))) continue;
      if (key === '_meta' && envelopeMeta && isPlainObject(value)) continue;
      return false;
    }
    return true;
  };
}

/** The {@link PlainParamsTest} of a session-era method, when it has one. */
export const PLAIN_PARAMS: Readonly<Record<string, PlainParamsTest>> = {
  'tools/call': plainToolCall(false),
};

/** The {@link PlainParamsTest} of a 2026-07-28 method, when it has one. */
export const MODERN_PLAIN_PARAMS: Readonly<Record<string, PlainParamsTest>> = {
  'tools/call': plainToolCall(true),
};
