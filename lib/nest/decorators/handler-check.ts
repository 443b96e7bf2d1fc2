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
 * `void` when the method fits; otherwise an object type whose one property is the message and
 * whose value lists the schema's type of each property the handler's parameter contradicts. A
 * method decorator's return type must be `void` or a descriptor, so a mismatch is one compiler
 * line (TS1270) that reads: `Decorator function return type '{ "@Tool: the handler parameter
 * contradicts inputSchema, which gives": { city: string; }; }' is not assignable to type 'void |
 * TypedPropertyDescriptor<({ city }: { city: number; }) => ...>'`: the field, the schema's type
 * and the handler's type.
 */
export type HandlerVerdict<TMethod, TArgs, TMessage extends string> = TMethod extends (
  first: infer P,
  ...rest: infer _R
) => unknown
  ? [ConflictingKeys<P, TArgs>] extends [never]
    ? void
    : { [M in TMessage]: { [K in ConflictingKeys<P, TArgs> & keyof TArgs]: TArgs[K] } }
  : void;

/**
 * A method decorator whose method is checked by {@link HandlerVerdict}. It is a
 * `MethodDecorator` at run time; inside `applyDecorators()` cast it (`as MethodDecorator`).
 */
export type CheckedMethodDecorator<TArgs, TMessage extends string> = <TMethod>(
  target: object,
  propertyKey: string | symbol,
  descriptor: TypedPropertyDescriptor<TMethod>,
) => HandlerVerdict<TMethod, TArgs, TMessage>;
