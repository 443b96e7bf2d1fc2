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

/** The annotation keyword of SEP-2243. */
export const MCP_HEADER_KEYWORD = 'x-mcp-header';

const TOKEN = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;
const MAX_SAFE = Number.MAX_SAFE_INTEGER;
/** Keywords under which an annotation is not reachable through `properties` only. */
const NESTED = [
  'items',
  'prefixItems',
  'additionalProperties',
  'patternProperties',
  'allOf',
  'anyOf',
  'oneOf',
  'not',
  'if',
  'then',
  'else',
  '$defs',
  'definitions',
  'dependentSchemas',
];

type Schema = Record<string, unknown>;

function isSchema(value: unknown): value is Schema {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function typeOf(schema: Schema): string | undefined {
  return typeof schema.type === 'string' ? schema.type : undefined;
}

/** Throws when an annotation hides under a keyword other than `properties`. */
function rejectNested(schema: unknown, where: string): void {
  if (Array.isArray(schema)) {
    schema.forEach((item, i) => rejectNested(item, `${where}[${i}]`));
    return;
  }
  if (!isSchema(schema)) return;
  if (MCP_HEADER_KEYWORD in schema) {
    throw new Error(`x-mcp-header at ${where} is not reachable through "properties" only`);
  }
  for (const [key, value] of Object.entries(schema)) rejectNested(value, `${where}/${key}`);
}

function checkRule(header: unknown, schema: Schema, path: string[]): ParamHeaderRule {
  const at = path.join('.');
  if (typeof header !== 'string' || header === '' || !TOKEN.test(header)) {
    throw new Error(`x-mcp-header of "${at}" must be a non-empty header token (RFC 9110)`);
  }
  const type = typeOf(schema);
  if (type !== 'string' && type !== 'integer' && type !== 'boolean') {
    throw new Error(
      `x-mcp-header of "${at}" is on a ${type ?? 'untyped'} property (string, integer or boolean only)`,
    );
  }
  if (type === 'integer') {
    const { minimum, maximum } = schema;
    if (
      (typeof minimum === 'number' && minimum < -MAX_SAFE) ||
      (typeof maximum === 'number' && maximum > MAX_SAFE)
    ) {
      throw new Error(`x-mcp-header of "${at}" allows integers beyond ±(2^53-1)`);
    }
  }
  return { path, header, headerLower: `mcp-param-${header.toLowerCase()}`, type };
}

function walk(schema: Schema, path: string[], rules: ParamHeaderRule[]): void {
  for (const keyword of NESTED) {
    if (keyword in schema) rejectNested(schema[keyword], `${path.join('.') || '#'}/${keyword}`);
  }
  const properties = schema.properties;
  if (!isSchema(properties)) return;
  for (const [name, property] of Object.entries(properties)) {
    if (!isSchema(property)) continue;
    const at = [...path, name];
    if (MCP_HEADER_KEYWORD in property) {
      rules.push(checkRule(property[MCP_HEADER_KEYWORD], property, at));
    }
    walk(property, at, rules);
  }
}

/**
 * Reads the `x-mcp-header` annotations of a tool's input schema (SEP-2243): each must be a
 * non-empty RFC 9110 token, unique case-insensitively, on a string/integer/boolean property
 * reachable from the root through `properties` only. Clients drop a tool with an invalid
 * annotation, so this throws an Error saying why; the caller names the tool.
 */
export function scanMcpHeaderAnnotations(inputSchema: unknown): ParamHeaderRule[] {
  if (!isSchema(inputSchema)) return [];
  const rules: ParamHeaderRule[] = [];
  walk(inputSchema, [], rules);
  const seen = new Set<string>();
  for (const rule of rules) {
    if (seen.has(rule.headerLower)) {
      throw new Error(
        `x-mcp-header "${rule.header}" is declared twice (names are case-insensitive)`,
      );
    }
    seen.add(rule.headerLower);
  }
  return rules;
}
