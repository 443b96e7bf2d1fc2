/** One `x-mcp-header` annotated property of a tool's input schema (2026-07-28, SEP-2243). */
export interface ParamHeaderRule {
  /** Property path from the root of `arguments` (through `properties` only). */
  readonly path: readonly string[];
  /** The header name after `Mcp-Param-`, as annotated. */
  readonly header: string;
  /** The full header name, lowercase (`mcp-param-region`), as Node exposes it. */
  readonly headerLower: string;
  /** JSON type of the property. */
  readonly type: 'string' | 'integer' | 'boolean';
}
