import { TransportError } from '../../errors/transport.error.js';
import {
  InitializeResultSchema,
  type ClientCapabilities,
  type Implementation,
  type InitializeResult,
} from '../../protocol/schema/index.js';
import { isSupportedLegacyVersion } from '../../protocol/versions.js';
import type { ClientTransport } from '../client-transport.interface.js';
import { checkResult } from '../protocol-check.js';

/** What the `initialize` handshake sends. */
export interface HandshakeIdentity {
  readonly protocolVersion: string;
  readonly capabilities: ClientCapabilities;
  readonly clientInfo: Implementation;
}

/**
 * The legacy-era handshake: `initialize` sent by `request` (a revision this client does not speak
 * in the answer is a TransportError `protocol`), the revision told to the transport, then
 * `notifications/initialized`.
 */
export async function initializeSession(
  request: (params: Record<string, unknown>) => Promise<unknown>,
  transport: ClientTransport,
  identity: HandshakeIdentity,
): Promise<InitializeResult> {
  const result = (await request({ ...identity })) as Record<string, unknown>;
  const version = result.protocolVersion;
  if (typeof version !== 'string' || !isSupportedLegacyVersion(version)) {
    throw new TransportError(
      `Server answered unsupported protocol version ${String(version)}`,
      'protocol',
    );
  }
  const checked = checkResult('initialize', InitializeResultSchema, result);
  transport.setProtocolVersion?.(version);
  await transport.send({ jsonrpc: '2.0', method: 'notifications/initialized' });
  return checked;
}
