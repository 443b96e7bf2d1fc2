import { z } from 'zod';
import { MetaSchema, ResultSchema } from './base.js';

/** A root directory or file the server may operate on (`file://` URI). */
export const RootSchema = z.looseObject({
  uri: z.string(),
  name: z.optional(z.string()),
  _meta: z.optional(MetaSchema),
});
/** A root. */
export type Root = z.infer<typeof RootSchema>;

/** Result of `roots/list` (server → client; deprecated in 2026-07-28). */
export const ListRootsResultSchema = ResultSchema.extend({ roots: z.array(RootSchema) });
/** `roots/list` result. */
export type ListRootsResult = z.infer<typeof ListRootsResultSchema>;
