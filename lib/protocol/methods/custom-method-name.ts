import { MCP_METHODS } from './method-table.js';

/** `vendor/name`: a lower-case vendor (dotted reverse-DNS allowed), a slash, then the name. */
const VENDOR_METHOD =
  /^[a-z0-9](?:[a-z0-9-]*[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]*[a-z0-9])?)*\/[A-Za-z0-9_./-]+$/;

/** Namespaces the specification uses (first segment of every method it defines), plus its own. */
const RESERVED = new Set<string>([
  ...MCP_METHODS.map((m) => m.method.split('/')[0]!),
  'mcp',
  'modelcontextprotocol',
]);

/**
 * Checks the name of a custom (vendor) method or notification: `acme/ping`,
 * `com.acme/jobs/cancel`. The vendor prefix is required and may not be a namespace the MCP
 * specification uses (`tools`, `notifications`, `server`, ...) or the `io.modelcontextprotocol`
 * one; a method the specification defines is refused. Returns why the name is refused, or
 * undefined when it is fine.
 */
export function customMethodNameProblem(method: string): string | undefined {
  if (!VENDOR_METHOD.test(method)) {
    return `"${method}" is not vendor-prefixed: name it "<vendor>/<name>", e.g. "acme/ping"`;
  }
  const vendor = method.slice(0, method.indexOf('/'));
  if (RESERVED.has(vendor) || vendor.split('.').includes('modelcontextprotocol')) {
    return `"${method}" uses the MCP specification's namespace "${vendor}/": pick your own vendor prefix`;
  }
  return undefined;
}

/** {@link customMethodNameProblem} as an assertion: throws an `Error` naming `owner`. */
export function assertCustomMethodName(method: string, owner: string): void {
  const problem = customMethodNameProblem(method);
  if (problem) throw new Error(`${owner}: ${problem}`);
}
