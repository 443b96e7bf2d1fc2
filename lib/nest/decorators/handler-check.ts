/**
 * Compile-time check of a decorated handler against its schema: `@Tool({ inputSchema: { city:
 * z.string() } })` on `wrong({ city }: { city: number })` is a type error naming the decorator,
 * the property and the type the schema gives it.
 *
 * The check is property-wise on the handler's first parameter: every property that both the
 * parameter and the schema name must accept the schema's type. That keeps every valid form
 * compiling: fewer parameters, a wider type (`Record<string, unknown>`, `unknown`), a DTO class,
 * and parameters bound by `@McpArgs('name')` / `@McpCtx()` (a string or the context shares no
 * property with the arguments). Open schemas (raw JSON Schema, an explicit prompt argument list,
 * a non-literal URI template) give `Record<string, ...>` and are not checked, nor is a parameter
 * declared as a record (`Record<string, string | string[]>`, the library's own handler types).
 */

/** Names of the properties whose schema type the handler's parameter `P` does not accept. */
export type ConflictingKeys<P, A> = 0 extends 1 & P
  ? never
  : string extends keyof A | keyof P
    ? never
    : P extends object
      ? {
          [K in keyof P & keyof A]-?: [A[K]] extends [P[K]] ? never : K;
        }[keyof P & keyof A]
      : never;

/**
 * `unknown` when the method fits; otherwise an object type whose one property names the mistake,
 * so the compiler's "property is missing" message reads as the explanation.
 */
export type HandlerCheck<TMethod, TArgs, TMessage extends string> = TMethod extends (
  first: infer P,
  ...rest: infer _R
) => unknown
  ? [ConflictingKeys<P, TArgs>] extends [never]
    ? unknown
    : Record<TMessage, Pick<TArgs, ConflictingKeys<P, TArgs> & keyof TArgs>>
  : unknown;

/**
 * A method decorator whose descriptor is checked by {@link HandlerCheck}. Usable anywhere a
 * `MethodDecorator` is (it is one at run time).
 */
export type CheckedMethodDecorator<TArgs, TMessage extends string> = <TMethod>(
  target: object,
  propertyKey: string | symbol,
  descriptor: TypedPropertyDescriptor<TMethod> & HandlerCheck<TMethod, TArgs, TMessage>,
) => void;
