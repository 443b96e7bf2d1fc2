import type { JsonRpcPeer } from '../../engine/json-rpc-peer.js';
import { McpError } from '../../errors/mcp.error.js';
import { VersionNegotiationError } from '../../errors/version-negotiation.error.js';
import { ErrorCode } from '../../protocol/error-codes.js';
import type { JsonRpcMessage, JsonRpcParams } from '../../protocol/json-rpc.js';
import { modernRequestHeaders } from '../../protocol/modern/modern-request-headers.js';
import type {
  ClientCapabilities,
  Implementation,
  LoggingLevel,
  RequestMetaObject,
} from '../../protocol/schema/index.js';
import type { ClientSendOptions, ClientTransport } from '../client-transport.interface.js';
import { pickModernVersion, unsupportedVersionList } from '../era/supported-versions.js';
import { clientCapabilities, DEFAULT_CLIENT_INFO } from '../client-identity.js';
import type { McpCallOptions, McpClientOptions } from '../mcp-client-options.interface.js';
import { fulfilInputRequests, type AnswerInput } from '../mrtr/fulfil-input-requests.js';
import { DEFAULT_MAX_INPUT_ROUNDS, MRTR_METHODS, runInputRounds } from '../mrtr/input-rounds.js';
import { metaVersionOf, modernMeta } from './modern-meta.js';
import { ToolHeaderRegistry } from './tool-header-registry.js';

/** What the stateless path needs from its client besides the peer and options. */
export interface StatelessRequesterDeps {
  /** The client's own elicitation/sampling/roots handlers. */
  readonly answer: (signal: AbortSignal) => AnswerInput;
  /** Reports problems that fail no call (refused tool definitions). */
  readonly warn: (error: Error) => void;
}

/**
 * Sends requests the 2026-07-28 way (stateless): every request carries the `_meta` envelope;
 * on HTTP the request headers ({@link headersFor}); `input_required` answers run the MRTR rounds;
 * `tools/list` results feed the `x-mcp-header` rules. Recovery, one retry each: `-32022` naming
 * another revision we speak switches to it (none: VersionNegotiationError); a HeaderMismatch on a
 * tools/call of a tool never listed lists the tools and retries with their headers.
 */
export class StatelessRequester {
  private version = '';
  private meta!: RequestMetaObject;
  private level: LoggingLevel | undefined;
  private readonly tools = new ToolHeaderRegistry();
  private declared: ClientCapabilities;
  private readonly clientInfo: Implementation;

  constructor(
    private readonly peer: JsonRpcPeer<undefined>,
    private readonly options: McpClientOptions,
    private readonly deps: StatelessRequesterDeps,
  ) {
    this.declared = clientCapabilities(options);
    this.clientInfo = options.clientInfo ?? DEFAULT_CLIENT_INFO;
    // The 2025 era's default (the server logs at every level until told otherwise), kept in 2026.
    this.level = options.logLevel ?? 'debug';
  }

  /** Starts speaking `version` (after discover). */
  begin(version: string): void {
    this.version = version;
    this.meta = modernMeta(version, this.declared, this.clientInfo, this.level);
  }

  /** The capabilities the client declares (`initialize`, each 2026-07-28 request's `_meta`). */
  get capabilities(): ClientCapabilities {
    return this.declared;
  }

  /** Declares `capabilities` from now on (the next `initialize`, every later modern request). */
  set capabilities(capabilities: ClientCapabilities) {
    this.declared = capabilities;
    if (this.version) this.begin(this.version);
  }

  /** The revision requests use. */
  get protocolVersion(): string {
    return this.version;
  }

  /** The log level sent in `_meta` (undefined: the server sends no log messages). */
  get logLevel(): LoggingLevel | undefined {
    return this.level;
  }

  set logLevel(level: LoggingLevel | undefined) {
    this.level = level;
    if (this.version) this.begin(this.version);
  }

  /** The `_meta` envelope of a `version` request (the discover probe uses it before `begin`). */
  metaFor(version: string): RequestMetaObject {
    return version === this.version
      ? this.meta
      : modernMeta(version, this.declared, this.clientInfo, this.level);
  }

  /**
   * The send options of one outgoing message: the 2026-07-28 HTTP headers when the transport uses
   * them and the message is modern (its `_meta` names the version, or the era is modern).
   */
  headersFor(message: JsonRpcMessage, transport: ClientTransport): ClientSendOptions | undefined {
    if (!transport.usesRequestHeaders || !('method' in message)) return undefined;
    const version = metaVersionOf(message.params) ?? (this.version || undefined);
    if (version === undefined) return undefined;
    const rules = message.method === 'tools/call' ? this.tools.rulesFor(message.params?.name) : [];
    return { headers: modernRequestHeaders(message, version, rules) };
  }

  /** Sends one request the stateless way and resolves with its final (complete) raw result. */
  async request(method: string, params: unknown, options: McpCallOptions = {}): Promise<unknown> {
    const base = (params ?? {}) as Record<string, unknown>;
    if (method === 'tools/call') {
      const refusal = this.tools.refusal(base.name);
      if (refusal) throw refusal;
    }
    let result: unknown;
    if (MRTR_METHODS.has(method)) {
      const signal = options.signal ?? new AbortController().signal;
      const manual = options.onInputRequired ?? this.options.onInputRequired;
      result = await runInputRounds({
        method,
        params: base,
        maxRounds:
          options.maxInputRounds ?? this.options.maxInputRounds ?? DEFAULT_MAX_INPUT_ROUNDS,
        send: (round) => this.once(method, round, options),
        fulfil: (round) =>
          manual
            ? Promise.resolve(manual(round, { signal }))
            : fulfilInputRequests(round, this.deps.answer(signal)),
        onRound: options.onInputRound,
      });
    } else {
      result = await this.once(method, base, options);
    }
    return method === 'tools/list' ? this.tools.accept(result, this.deps.warn) : result;
  }

  private async once(
    method: string,
    params: Record<string, unknown>,
    options: McpCallOptions,
    retried = false,
  ): Promise<unknown> {
    const meta = { ...this.meta, ...options.meta };
    try {
      return await this.peer.request<unknown>(method, params as JsonRpcParams, {
        ...options,
        meta,
      });
    } catch (error) {
      if (retried || !(error instanceof McpError)) throw error;
      const supported = unsupportedVersionList(error);
      if (supported !== undefined) {
        const next = pickModernVersion(supported);
        if (next === undefined) {
          throw new VersionNegotiationError(
            `The server rejected protocol ${this.version} it had offered (it supports ${supported.join(', ') || 'nothing'})`,
            supported,
            this.version,
            { cause: error },
          );
        }
        this.begin(next);
        return this.once(method, params, options, true);
      }
      if (error.code === ErrorCode.HeaderMismatch && method === 'tools/call') {
        if (this.tools.knows(params.name)) throw error;
        await this.listAllTools(options);
        return this.once(method, params, options, true);
      }
      throw error;
    }
  }

  private async listAllTools(options: McpCallOptions): Promise<void> {
    let cursor: string | undefined;
    do {
      const page = (await this.request('tools/list', cursor === undefined ? {} : { cursor }, {
        timeoutMs: options.timeoutMs,
        signal: options.signal,
      })) as { nextCursor?: unknown };
      cursor = typeof page.nextCursor === 'string' ? page.nextCursor : undefined;
    } while (cursor !== undefined);
  }
}
