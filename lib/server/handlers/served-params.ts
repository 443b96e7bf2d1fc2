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

/**
 * Paginated list params (`tools/list`, `prompts/list`, ...) as clients send them: an object with
 * at most a string `cursor` and members the loose schema passes through (a `_meta` goes through
 * the schema). Each list call of a handshake walked the schema in code not yet optimised.
 */
export const plainListParams: PlainParamsTest = (params) => {
  if (!isPlainObject(params)) return false;
  for (const key in params) {
    if (key === '_meta' || (key === 'cursor' && typeof params.cursor !== 'string')) return false;
  }
  return true;
};

/**
 * The members of a client capability the plain test below checks, and how: `'flag'` a JSON
 * object (a capability flag, any settings inside), `'boolean'` a boolean; any other member of the
 * capability passes, as in its loose schema (`lib/protocol/schema/capabilities.ts`). Capabilities
 * not listed (`experimental`, `tasks`, `extensions`) send the params through the schema.
 */
export const PLAIN_CLIENT_CAPABILITIES: Readonly<
  Record<string, Readonly<Record<string, 'flag' | 'boolean'>>>
> = {
  roots: { listChanged: 'boolean' },
  sampling: { context: 'flag', tools: 'flag' },
  elicitation: { form: 'flag', url: 'flag' },
};

function plainCapabilities(value: unknown): boolean {
  if (!isPlainObject(value)) return false;
  for (const name in value) {
    const members = PLAIN_CLIENT_CAPABILITIES[name];
    if (members === undefined) {
      if (name in ClientCapabilitiesSchema.shape) return false; // a capability not checked here
      continue; // an unknown capability: the loose schema keeps it as it is
    }
    const capability = value[name];
    if (!isPlainObject(capability)) return false;
    for (const member in capability) {
      const kind = members[member];
      if (kind === undefined) continue;
      const setting = capability[member];
      if (kind === 'boolean' ? typeof setting !== 'boolean' : !isPlainObject(setting)) return false;
    }
  }
  return true;
}

/** The string members of `clientInfo` (icons go through the schema). */
const IMPLEMENTATION_STRINGS = new Set(['name', 'version', 'title', 'description', 'websiteUrl']);

function plainImplementation(value: unknown): boolean {
  if (!isPlainObject(value) || typeof value.name !== 'string') return false;
  if (typeof value.version !== 'string') return false;
  for (const key in value) {
    if (key === 'icons') return false;
    if (IMPLEMENTATION_STRINGS.has(key) && typeof value[key] !== 'string') return false;
  }
  return true;
}

/**
 * `initialize` params as clients send them: a `protocolVersion` of any value (negotiated), `capabilities`
 * made of the members {@link PLAIN_CLIENT_CAPABILITIES} checks (or unknown ones), a `clientInfo`
 * of strings; a `_meta`, icons or any other capability go through the schema. The schema walk
 * copied each nested object, once per session, in code that one `initialize` per session
 * rarely gets optimised.
 */
const plainInitialize: PlainParamsTest = (params) => {
  if (!isPlainObject(params) || !('protocolVersion' in params)) return false;
  for (const key in params) {
    const value = params[key];
    if (key === 'protocolVersion') continue;
    if (key === 'capabilities' && plainCapabilities(value)) continue;
    if (key === 'clientInfo' && plainImplementation(value)) continue;
    return false;
  }
  return true;
};

/**
 * The {@link PlainParamsTest} of a session-era method, when it has one (every list method whose
 * params are the table's `OptionalPaginatedParams` also has {@link plainListParams}).
 */
export const PLAIN_PARAMS: Readonly<Record<string, PlainParamsTest>> = {
  initialize: plainInitialize,
  'tools/call': plainToolCall(false),
};

/** The {@link PlainParamsTest} of a 2026-07-28 method, when it has one. */
export const MODERN_PLAIN_PARAMS: Readonly<Record<string, PlainParamsTest>> = {
  'tools/call': plainToolCall(true),
};
