import type { ServerCapabilities } from '../../protocol/schema/index.js';
import type { HandlerHost } from '../handlers/method-handler.interface.js';
import { ComponentRegistrar, type ComponentKind } from '../registry/component-registrar.js';
import { layeredLookup } from '../registry/layered-lookup.js';
import { PrimitiveRegistry } from '../registry/primitive-registry.js';
import type { PrimitiveListKind, PrimitiveLookup } from '../registry/registry-view.interface.js';
import type { SchemaCompiler } from '../schema/schema-compiler.js';

/** What one session's components read from their server. */
export interface SessionComponentsHost extends HandlerHost {
  /** The server's schema compiler (shared, so a session compiles nothing twice). */
  readonly compiler: SchemaCompiler;
  /** Current server capabilities (for a session not yet told any). */
  getCapabilities(): ServerCapabilities;
}

/** The session a {@link McpSessionComponents} belongs to, as it needs it. */
export interface ComponentsSession {
  readonly id: string | undefined;
  readonly initialized: boolean;
  readonly closed: boolean;
  readonly advertised?: ServerCapabilities;
  notifyListChanged(kind: PrimitiveListKind): void;
}

const LIST_OF: Record<ComponentKind, PrimitiveListKind> = {
  tool: 'tools',
  prompt: 'prompts',
  resource: 'resources',
  resourceTemplate: 'resources',
  skill: 'resources',
};

const GLOBAL_OF = {
  tool: 'tools',
  prompt: 'prompts',
  resource: 'resources',
  resourceTemplate: 'resourceTemplates',
  skill: 'skills',
} as const;

/**
 * Tools, prompts, resources and templates of one 2025-era session only (Hermes
 * `Frame.register_tool`), e.g. a tool unlocked after a `login` tool succeeded. Compiled once at
 * registration like the server's; the session's lists show the server's items and its own;
 * `notifications/<kind>/list_changed` goes to this session alone. A name (or URI) already taken
 * by the server or by the session is refused with an error naming both. Made on first use, so an
 * idle session without components costs nothing; dropped with the session.
 */
export class McpSessionComponents extends ComponentRegistrar {
  protected readonly registry: PrimitiveRegistry;
  /** The handler host this session's requests use: the server's, with the layered registries. */
  readonly host: HandlerHost;

  constructor(
    private readonly session: ComponentsSession,
    private readonly server: SessionComponentsHost,
  ) {
    super();
    this.registry = new PrimitiveRegistry(server.compiler);
    const primitives = layeredLookup(this.registry, server.primitives);
    this.host = new LayeredHandlerHost(server, primitives);
  }

  protected override changed(list: PrimitiveListKind): void {
    this.session.notifyListChanged(list);
  }

  /** The session's own items (read-only views), without the server's. */
  get own(): PrimitiveLookup {
    return this.registry;
  }

  protected override admit(kind: ComponentKind, key: string, origin: string): void {
    const list = LIST_OF[kind];
    const capabilities = this.session.advertised ?? this.server.getCapabilities();
    if (!(list in capabilities)) {
      throw new Error(
        `${origin}: session ${this.session.id ?? '(connection)'} was not offered the "${list}" ` +
          `capability at initialize; declare it (option capabilities: { ${list}: {} }) or ` +
          `register a server-wide ${kind} so clients look for ${list}`,
      );
    }
    const global = this.server.primitives[GLOBAL_OF[kind]].get(key) as
      { origin: string } | undefined;
    if (global) {
      throw new Error(
        `${origin}: duplicate ${kind} "${key}" for session ${this.session.id ?? '(connection)'} ` +
          `(already registered server-wide by ${global.origin})`,
      );
    }
  }
}

/**
 * A handler host that reads `primitives` from the given lookup and everything else from `host`
 * (read through: the server may set some of it later). A class, not a literal with getters.
 */
class LayeredHandlerHost implements HandlerHost {
  constructor(
    private readonly host: HandlerHost,
    readonly primitives: PrimitiveLookup,
  ) {}

  get options(): HandlerHost['options'] {
    return this.host.options;
  }

  get pageSize(): number {
    return this.host.pageSize;
  }

  get inputRounds(): HandlerHost['inputRounds'] {
    return this.host.inputRounds;
  }

  get errors(): HandlerHost['errors'] {
    return this.host.errors;
  }

  get listen(): HandlerHost['listen'] {
    return this.host.listen;
  }

  get tasks(): HandlerHost['tasks'] {
    return this.host.tasks;
  }

  negotiateVersion(requested: unknown): string {
    return this.host.negotiateVersion(requested);
  }

  initializeResult(version: string): ReturnType<HandlerHost['initializeResult']> {
    return this.host.initializeResult(version);
  }

  discoverResult(): Record<string, unknown> {
    return this.host.discoverResult();
  }
}
