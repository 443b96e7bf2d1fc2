import type { z } from 'zod';

/** Parses `value` and returns the dotted paths of all issues (empty when it parses). */
export function issuePaths(schema: z.ZodType, value: unknown): string[] {
  const result = schema.safeParse(value);
  return result.success ? [] : result.error.issues.map((issue) => issue.path.join('.'));
}
