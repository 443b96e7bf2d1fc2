import { McpError } from '../../errors/mcp.error.js';
import { McpContext } from '../context/mcp-context.js';
import type { RequestScope } from '../context/request-scope.interface.js';
import type { CompiledSchema } from '../schema/json-schema.interface.js';
import { formatIssues } from '../schema/json-schema.interface.js';
import type { SchemaCompiler, SchemaInput } from '../schema/schema-compiler.js';
import { assertCustomMethodName } from '../../protocol/methods/custom-method-name.js';

/**
 * Serves a custom request method: gets the params (validated by `params` when given, `_meta`
 * left out; read it from `ctx.meta`) and the request's context; returns the result object
 * (`undefined` answers `{}`). A thrown `McpError` is the client's error; anything else a
 * `-32603` with a correlation id.
 */
export type CustomMethodHandler<TParams = Record<string, unknown>> = (
  params: TParams,
  ctx: McpContext,
) => unknown;

/** Options of a custom request method. */
export interface CustomMethodOptions {
  /** Schema of the params (zod, a zod shape, Standard Schema or JSON Schema); invalid -> -32602. */
  params?: SchemaInput;
  /** Where it was declared, for errors (`AcmeHooks#ping`). */
  origin?: string;
}

/** A custom method as served: its params schema compiled once. */
export interface RegisteredCustomMethod {
  readonly method: string;
  readonly origin: string;
  readonly params?: CompiledSchema<Record<string, unknown>>;
  readonly handler: CustomMethodHandler<never>;
}

/**
 * The vendor-prefixed request methods of one server (`acme/ping`), served in both eras when the
 * method table has no entry for the name. Names are checked at registration
 * ({@link assertCustomMethodName}); a duplicate throws naming both origins.
 */
export class CustomMethods {
  private readonly methods = new Map<string, RegisteredCustomMethod>();

  constructor(private readonly compiler: SchemaCompiler) {}

  /** Number of custom methods. */
  get size(): number {
    return this.methods.size;
  }

  /** Adds one; throws on a bad or duplicate name, or a schema that does not compile. */
  add(
    method: string,
    handler: CustomMethodHandler<never>,
    options: CustomMethodOptions = {},
  ): void {
    const origin = options.origin ?? `custom method "${method}"`;
    assertCustomMethodName(method, origin);
    const existing = this.methods.get(method);
    if (existing) {
      throw new Error(
        `${origin}: duplicate custom method "${method}" (already registered by ${existing.origin})`,
      );
    }
    const params = options.params
      ? this.compiler.compile<Record<string, unknown>>(options.params, origin)
      : undefined;
    this.methods.set(method, { method, origin, handler, ...(params && { params }) });
  }

  /** Removes one; true when it existed. */
  remove(method: string): boolean {
    return this.methods.delete(method);
  }

  /** O(1) lookup. */
  get(method: string): RegisteredCustomMethod | undefined {
    return this.methods.get(method);
  }

  /** Names of the registered methods. */
  names(): string[] {
    return [...this.methods.keys()];
  }
}

/**
 * Runs one custom method under a request scope: params checked (-32602 naming the paths), the
 * handler called with a fresh `McpContext`, the result shaped (an object; `undefined` -> `{}`).
 */
export async function runCustomMethod(
  method: RegisteredCustomMethod,
  scope: RequestScope,
): Promise<Record<string, unknown>> {
  const ctx = new McpContext(scope);
  try {
    return await runWith(method, scope.params, ctx);
  } finally {
    ctx.finish();
  }
}

async function runWith(
  method: RegisteredCustomMethod,
  rawParams: unknown,
  ctx: McpContext,
): Promise<Record<string, unknown>> {
  let params: Record<string, unknown> = {};
  if (rawParams !== undefined) {
    if (typeof rawParams !== 'object' || rawParams === null || Array.isArray(rawParams)) {
      throw McpError.invalidParams(`Invalid params of ${method.method}: expected an object`);
    }
    const { _meta: _ignored, ...rest } = rawParams as Record<string, unknown>;
    params = rest;
  }
  if (method.params) {
    let checked = method.params.validate(params);
    if (checked instanceof Promise) checked = await checked;
    if (!checked.ok) {
      throw McpError.invalidParams(
        `Invalid params of ${method.method}: ${formatIssues(checked.issues)}`,
      );
    }
    params = checked.value;
  }
  const result = await method.handler(params as never, ctx);
  if (result === undefined || result === null) return {};
  if (typeof result !== 'object' || Array.isArray(result)) {
    throw new Error(
      `${method.origin} returned ${Array.isArray(result) ? 'an array' : typeof result}: a result must be an object`,
    );
  }
  return result as Record<string, unknown>;
}
