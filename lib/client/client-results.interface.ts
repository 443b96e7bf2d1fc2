/** Result shapes the client returns (open objects: unknown fields are kept). */

/** A tool as listed by the server. */
export interface Tool {
  name: string;
  title?: string;
  description?: string;
  inputSchema: Record<string, unknown>;
  outputSchema?: Record<string, unknown>;
  annotations?: Record<string, unknown>;
  [key: string]: unknown;
}

/** A `tools/call` result; `isError: true` is a tool failure, not a protocol failure. */
export interface CallToolResult {
  content: Array<Record<string, unknown> & { type: string }>;
  structuredContent?: unknown;
  isError?: boolean;
  [key: string]: unknown;
}

/** A prompt as listed. */
export interface Prompt {
  name: string;
  title?: string;
  description?: string;
  arguments?: Array<{ name: string; description?: string; required?: boolean }>;
  [key: string]: unknown;
}

/** A `prompts/get` result. */
export interface GetPromptResult {
  description?: string;
  messages: Array<{ role: 'user' | 'assistant'; content: Record<string, unknown> }>;
  [key: string]: unknown;
}

/** A resource as listed. */
export interface Resource {
  uri: string;
  name: string;
  title?: string;
  description?: string;
  mimeType?: string;
  [key: string]: unknown;
}

/** A resource template as listed. */
export interface ResourceTemplate {
  uriTemplate: string;
  name: string;
  title?: string;
  description?: string;
  mimeType?: string;
  [key: string]: unknown;
}

/** A `resources/read` result. */
export interface ReadResourceResult {
  contents: Array<{
    uri: string;
    mimeType?: string;
    text?: string;
    blob?: string;
    [key: string]: unknown;
  }>;
  [key: string]: unknown;
}

/** A `completion/complete` result. */
export interface CompleteResult {
  completion: { values: string[]; total?: number; hasMore?: boolean };
  [key: string]: unknown;
}

/** One page of a list method. */
export type ListPage<K extends string, T> = { [P in K]: T[] } & { nextCursor?: string };
