/**
 * Fills the `default` of every property of a form-mode `requestedSchema` that the accepted
 * content leaves out (SEP-1034), so servers get complete answers.
 */
export function applyElicitationDefaults(
  requestedSchema: Record<string, unknown> | undefined,
  content: Record<string, unknown> | undefined,
): Record<string, unknown> {
  const filled: Record<string, unknown> = { ...content };
  const properties = (requestedSchema?.properties ?? {}) as Record<string, { default?: unknown }>;
  for (const [name, property] of Object.entries(properties)) {
    if (filled[name] === undefined && property && property.default !== undefined) {
      filled[name] = property.default;
    }
  }
  return filled;
}
