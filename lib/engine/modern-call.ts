import type { ProtocolContext } from '../protocol/protocol-context.interface.js';
import type { SignalSource } from './late-signal.js';
import type { ModernDispatch, RequestOutlet } from './request-outlet.interface.js';
import type { TransportInfo } from './transport-info.interface.js';

/**
 * A stateless (2026-07-28) request as a transport hands it to `dispatchModern`, its signal read
 * from `signals` only when someone asks (the transport may make it then). One class, so every
 * call has one shape and no per-request accessor (see `SignalSource`).
 */
export class ModernCall implements ModernDispatch {
  constructor(
    readonly protocol: ProtocolContext,
    readonly outlet: RequestOutlet,
    readonly transport: TransportInfo,
    private readonly signals: SignalSource,
    /** Always present (undefined when anonymous): one shape. */
    readonly principal: string | undefined,
  ) {}

  /** {@inheritDoc ModernDispatch.signal} */
  get signal(): AbortSignal {
    return this.signals.signal;
  }
}
