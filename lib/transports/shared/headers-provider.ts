/**
 * Extra request headers of an HTTP client transport: a fixed object, or a function called before
 * every request (e.g. to refresh a token).
 */
export type HeadersProvider =
  Record<string, string> | (() => Record<string, string> | Promise<Record<string, string>>);
