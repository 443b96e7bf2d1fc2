/** Params of `elicitation/create` (form mode or, since 2025-11-25, URL mode). */
export type ElicitParams =
  | {
      mode?: 'form';
      message: string;
      /** Flat object schema of primitive properties (strings, numbers, booleans, enums). */
      requestedSchema: Record<string, unknown>;
      _meta?: Record<string, unknown>;
    }
  | {
      mode: 'url';
      message: string;
      url: string;
      elicitationId: string;
      _meta?: Record<string, unknown>;
    };

/** The user's answer to an elicitation. */
export interface ElicitResult {
  action: 'accept' | 'decline' | 'cancel';
  content?: Record<string, string | number | boolean | string[]>;
  [key: string]: unknown;
}

/** Params of `sampling/createMessage`. */
export interface CreateMessageParams {
  messages: Array<{ role: 'user' | 'assistant'; content: unknown }>;
  maxTokens: number;
  systemPrompt?: string;
  modelPreferences?: Record<string, unknown>;
  includeContext?: 'none' | 'thisServer' | 'allServers';
  temperature?: number;
  stopSequences?: string[];
  metadata?: Record<string, unknown>;
  tools?: unknown[];
  toolChoice?: { mode: 'auto' | 'required' | 'none' };
  [key: string]: unknown;
}

/** The client model's answer. */
export interface CreateMessageResult {
  role: 'user' | 'assistant';
  content: unknown;
  model: string;
  stopReason?: string;
  [key: string]: unknown;
}

/** The client's roots. */
export interface ListRootsResult {
  roots: Array<{ uri: string; name?: string; _meta?: Record<string, unknown> }>;
  [key: string]: unknown;
}
