/**
 * Type-level reading of an RFC 6570 template's variable names, so a handler's parameter can be
 * checked against the template at compile time (`users://{id}/posts{?page}` gives
 * `{ id: string; page?: string }`). Mirrors what the matcher extracts at run time: an exploded
 * variable (`{/segments*}`) is a `string[]`, a query variable (`{?q}`, `{&q}`) may be absent.
 * A template that is not a literal (a `string` variable) gives an open record.
 */
export type UriTemplateParams<T extends string> = string extends T
  ? Record<string, string | string[]>
  : Flatten<ParamsOf<T>>;

type Flatten<T> = { [K in keyof T]: T[K] };

type ParamsOf<T extends string> = T extends `${string}{${infer Expr}}${infer Rest}`
  ? ExpressionParams<Expr> & ParamsOf<Rest>
  : unknown;

type Operator = '+' | '#' | '.' | '/' | ';' | '?' | '&';

type ExpressionParams<E extends string> = E extends `${infer Op extends Operator}${infer Vars}`
  ? Op extends '?' | '&'
    ? { [K in VarNames<Vars> as Name<K>]?: VarValue<K> }
    : { [K in VarNames<Vars> as Name<K>]: VarValue<K> }
  : { [K in VarNames<E> as Name<K>]: VarValue<K> };

type VarNames<L extends string> = L extends `${infer Head},${infer Tail}`
  ? Head | VarNames<Tail>
  : L;

type Name<V extends string> = V extends `${infer N}*`
  ? N
  : V extends `${infer N}:${string}`
    ? N
    : V;

type VarValue<V extends string> = V extends `${string}*` ? string[] : string;
