/**
 * True for a JSON object: an object that is neither `null` nor an array (what `JSON.parse` makes
 * of `{...}`).
 */
export function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
