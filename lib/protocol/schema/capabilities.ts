import { z } from 'zod';

/** A capability flag object: presence means "supported"; any settings pass through. */
const FlagSchema = z.looseObject({});

/** A map of named capability objects (`experimental`, `extensions`). */
const NamedFlagsSchema = z.record(z.string(), FlagSchema);

/** `roots` client capability. `listChanged` was dropped in 2026-07-28. */
const RootsCapabilitySchema = z.looseObject({ listChanged: z.optional(z.boolean()) });

/** `sampling` client capability: `context` and `tools` sub-flags since 2025-11-25. */
const SamplingCapabilitySchema = z.looseObject({
  context: z.optional(FlagSchema),
  tools: z.optional(FlagSchema),
});

/** `elicitation` client capability: `form`/`url` since 2025-11-25; `{}` means form only. */
const ElicitationCapabilitySchema = z.looseObject({
  form: z.optional(FlagSchema),
  url: z.optional(FlagSchema),
});

/** `tasks` client capability (experimental, 2025-11-25). */
const ClientTasksCapabilitySchema = z.looseObject({
  list: z.optional(FlagSchema),
  cancel: z.optional(FlagSchema),
  requests: z.optional(
    z.looseObject({
      sampling: z.optional(z.looseObject({ createMessage: z.optional(FlagSchema) })),
      elicitation: z.optional(z.looseObject({ create: z.optional(FlagSchema) })),
    }),
  ),
});

/** Capabilities a client declares; every member and sub-member is optional and open. */
export const ClientCapabilitiesSchema = z.looseObject({
  experimental: z.optional(NamedFlagsSchema),
  roots: z.optional(RootsCapabilitySchema),
  sampling: z.optional(SamplingCapabilitySchema),
  elicitation: z.optional(ElicitationCapabilitySchema),
  tasks: z.optional(ClientTasksCapabilitySchema),
  /** Extension identifiers to per-extension settings; since 2026-07-28. */
  extensions: z.optional(NamedFlagsSchema),
});
/** Client capabilities. */
export type ClientCapabilities = z.infer<typeof ClientCapabilitiesSchema>;

/** A server capability with an optional `listChanged` flag (prompts, tools). */
const ListChangedCapabilitySchema = z.looseObject({ listChanged: z.optional(z.boolean()) });

/** `resources` server capability. */
const ResourcesCapabilitySchema = z.looseObject({
  subscribe: z.optional(z.boolean()),
  listChanged: z.optional(z.boolean()),
});

/** `tasks` server capability (experimental, 2025-11-25). */
const ServerTasksCapabilitySchema = z.looseObject({
  list: z.optional(FlagSchema),
  cancel: z.optional(FlagSchema),
  requests: z.optional(
    z.looseObject({ tools: z.optional(z.looseObject({ call: z.optional(FlagSchema) })) }),
  ),
});

/** Capabilities a server declares; every member and sub-member is optional and open. */
export const ServerCapabilitiesSchema = z.looseObject({
  experimental: z.optional(NamedFlagsSchema),
  logging: z.optional(FlagSchema),
  /** Argument completion; since 2025-03-26. */
  completions: z.optional(FlagSchema),
  prompts: z.optional(ListChangedCapabilitySchema),
  resources: z.optional(ResourcesCapabilitySchema),
  tools: z.optional(ListChangedCapabilitySchema),
  tasks: z.optional(ServerTasksCapabilitySchema),
  /** Extension identifiers to per-extension settings; since 2026-07-28. */
  extensions: z.optional(NamedFlagsSchema),
});
/** Server capabilities. */
export type ServerCapabilities = z.infer<typeof ServerCapabilitiesSchema>;
