import type { McpLogger } from '../../engine/logger.interface.js';
import type { TransportKind } from '../../engine/transport-info.interface.js';
import { RequestStateCodec, type RequestStateOptions } from './request-state-codec.js';

/** Default most input rounds of one request. */
export const DEFAULT_MAX_INPUT_ROUNDS = 8;

/** Transports where several instances may serve one endpoint (the per-process key breaks). */
const SHARED_ENDPOINTS: ReadonlySet<TransportKind> = new Set(['streamable-http', 'websocket']);

/**
 * Per-server MRTR settings, built once: the `requestState` codec (keys validated at
 * construction), the round limit, and the one-time warning about the per-process default key.
 */
export class InputRoundSettings {
  /** Seals and opens `requestState`. */
  readonly codec: RequestStateCodec;
  /** Most `input_required` answers one request may get. */
  readonly maxRounds: number;
  /** Called each time a request is refused for asking past {@link maxRounds} (counted in stats). */
  onRoundLimit?: () => void;
  private warned = false;

  constructor(
    options: RequestStateOptions = {},
    /** Where the one-time key warning and debug lines go. */
    readonly logger?: McpLogger,
    now?: () => number,
  ) {
    this.codec = new RequestStateCodec(options, now);
    this.maxRounds = options.maxRounds ?? DEFAULT_MAX_INPUT_ROUNDS;
    if (!(this.maxRounds >= 1)) throw new Error('requestState.maxRounds must be at least 1');
  }

  /**
   * Warns once when the random per-process key seals state served over HTTP or WebSocket, where
   * another instance behind the same endpoint could not open it.
   */
  noteTransport(kind: TransportKind): void {
    if (this.warned || !this.codec.usesDefaultKey || !SHARED_ENDPOINTS.has(kind)) return;
    this.warned = true;
    this.logger?.warn(
      'requestState is sealed with a random per-process key; set requestState.keys when ' +
        'several instances serve one endpoint',
    );
  }
}
