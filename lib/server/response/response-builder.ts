/**
 * What every response builder shares: a brand the result wrappers recognise (a registry symbol,
 * so the CommonJS and ESM copies of the package see the same key) and its build step.
 */

/** The key of a builder's build step, as the result wrappers call it. */
export const BUILD_RESPONSE: unique symbol = Symbol.for('nestjs-mcp:build-response') as never;

/** Defaults the server knows when it wraps a result (a resource's URI and declared MIME type). */
export interface ResponseDefaults {
  /** The URI being read (`resources/read`). */
  readonly uri?: string;
  /** The MIME type the resource or template declared. */
  readonly mimeType?: string;
}

/** A response builder as the result wrappers see it. */
export interface BuildableResponse {
  [BUILD_RESPONSE](defaults: ResponseDefaults): unknown;
}

/** True when `value` is a response builder (`McpResponse.tool()`, `.prompt()`, `.resource()`). */
export function isResponseBuilder(value: unknown): value is BuildableResponse {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as Partial<BuildableResponse>)[BUILD_RESPONSE] === 'function'
  );
}

/** `value` built when it is a response builder, otherwise `value` itself. */
export function unwrapResponse(value: unknown, defaults: ResponseDefaults = {}): unknown {
  return isResponseBuilder(value) ? value[BUILD_RESPONSE](defaults) : value;
}

/** `_meta` merged over `current` (a later key wins). */
export function mergeMeta(
  current: Record<string, unknown> | undefined,
  meta: Record<string, unknown>,
): Record<string, unknown> {
  return current ? { ...current, ...meta } : { ...meta };
}
