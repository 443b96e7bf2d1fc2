import type {
  ClientCapabilities,
  Icon,
  Prompt,
  Resource,
  ServerCapabilities,
  Tool,
} from '../../protocol/schema/index.js';

/** The `$schema` of a Server Card (SEP-2127, draft of 2026-02-18). */
export const SERVER_CARD_SCHEMA =
  'https://static.modelcontextprotocol.io/schemas/v1/server-card.schema.json';

/** Where the source of the server lives, as the registry's `server.json` describes it. */
export interface McpServerCardRepository {
  /** The repository URL (`https://github.com/acme/weather`). */
  url: string;
  /** The hosting service (`github`, `gitlab`, ...). */
  source: string;
  /** The folder of the server inside a monorepo. */
  subfolder?: string;
  /** The hosting service's stable id of the repository. */
  id?: string;
}

/** A header a client sends to a remote (for example an API key), without its value. */
export interface McpServerCardHeader {
  /** The header name (`X-API-Key`). */
  name: string;
  /** What it is for. */
  description?: string;
  /** Whether a client must send it. */
  isRequired?: boolean;
  /** Whether its value is a secret (a client hides it). */
  isSecret?: boolean;
  /** The value used when none is given. */
  default?: string;
  /** The values allowed. */
  choices?: string[];
}

/** One way to reach the server over HTTP. */
export interface McpServerCardRemote {
  /** `streamable-http` or `sse` (the legacy HTTP+SSE transport). */
  type: 'streamable-http' | 'sse';
  /** The endpoint's absolute URL. */
  url: string;
  /** The protocol revisions this endpoint serves. */
  supportedProtocolVersions: string[];
  /** Headers a client sends. */
  headers?: McpServerCardHeader[];
  /** Whether a token is needed, and how one is obtained. */
  authentication?: { required: boolean; schemes: string[] };
}

/**
 * A Server Card (SEP-2127, draft text of 2026-02-18): what a client, registry or crawler learns
 * about a server before it connects. Every field but `$schema`, `name`, `version` and
 * `capabilities` is optional.
 */
export interface McpServerCard {
  $schema: string;
  /** Reverse-DNS name with exactly one `/` (`io.github.acme/weather`). */
  name: string;
  version: string;
  description?: string;
  title?: string;
  websiteUrl?: string;
  repository?: McpServerCardRepository;
  icons?: Icon[];
  remotes?: McpServerCardRemote[];
  capabilities: ServerCapabilities;
  /** Client capabilities the server needs (for example `elicitation`). */
  requires?: ClientCapabilities;
  resources?: Resource[];
  tools?: Tool[];
  prompts?: Prompt[];
}

/** What a Server Card says beyond the server's options (`name`, `version`, `title`, ...). */
export interface McpServerCardIdentity {
  /**
   * The card's reverse-DNS name with exactly one `/` (`io.github.acme/weather`). Default: the
   * server's `name` when it has that form; otherwise startup fails and asks for this one.
   */
  name?: string;
  /** The source repository. */
  repository?: McpServerCardRepository;
  /** Client capabilities the server needs (for example `{ elicitation: {} }`). */
  requires?: ClientCapabilities;
  /** Headers a client sends to every endpoint (names and descriptions, never values). */
  headers?: McpServerCardHeader[];
  /**
   * List the tools, prompts and resources in the card (those without a per-caller visibility
   * rule). The card is public: with `false` a client learns them by connecting, and the lists are
   * marked as changing at runtime. Default: `true`, but `false` when the endpoint needs a token.
   */
  primitives?: boolean;
}
