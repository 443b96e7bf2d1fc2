import { McpAuthError } from '../../errors/mcp-auth.error.js';
import { RequestTimeoutError } from '../../errors/request-timeout.error.js';
import { TransportError } from '../../errors/transport.error.js';
import { VersionNegotiationError } from '../../errors/version-negotiation.error.js';
import { DiscoverResultSchema, type InitializeResult } from '../../protocol/schema/index.js';
import { isSupportedLegacyVersion, MODERN_PROTOCOL_VERSIONS } from '../../protocol/versions.js';
import type { VersionNegotiation } from '../mcp-client-options.interface.js';
import { describeIssues } from '../protocol-check.js';
import { fromDiscover, fromInitialize, type NegotiatedServer } from './negotiated-server.js';
import {
  isModernError,
  isModernVersion,
  offersLegacyVersion,
  pickModernVersion,
  unsupportedVersionList,
} from './supported-versions.js';

/** What negotiation needs from the client: the two ways to open a conversation. */
export interface NegotiationPorts {
  /** Sends `server/discover` as a `version` request; resolves with the raw result. */
  discover(version: string): Promise<unknown>;
  /** Performs the legacy handshake asking for `version`. */
  initialize(version: string): Promise<InitializeResult>;
  /** Reports why a probe was not taken as a modern server (errors$). */
  note(error: Error): void;
}

/** Outcome of the `server/discover` probe. */
type Probe =
  | { kind: 'modern'; server: NegotiatedServer }
  | { kind: 'legacy'; reason: string; supported?: string[] };

/**
 * Decides the era and revision on `connect()` (see {@link VersionNegotiation}). Probe rules:
 * - a DiscoverResult naming a modern revision we speak ⇒ that revision;
 * - `-32022` naming one ⇒ one retry of the probe with it (a server may reject the first try);
 * - a DiscoverResult or `-32022` naming only legacy revisions we speak ⇒ legacy;
 *   naming none we speak at all ⇒ VersionNegotiationError;
 * - another modern error (-32020, -32021) ⇒ rethrown: the server is modern, falling back is wrong;
 * - another real answer (an HTTP 4xx without a modern error, -32601, a malformed result) ⇒
 *   legacy; with a 2026 pin ⇒ VersionNegotiationError;
 * - no answer is no evidence: a timeout fails with a VersionNegotiationError naming the limit (a
 *   slow server is not a legacy one), a connection that fails or closes fails with its own error.
 */
export async function negotiateVersion(
  mode: VersionNegotiation,
  legacyVersion: string,
  ports: NegotiationPorts,
): Promise<NegotiatedServer> {
  if (mode === 'legacy') return fromInitialize(await ports.initialize(legacyVersion));
  if (mode === 'auto') {
    const probe = await probeDiscover(MODERN_PROTOCOL_VERSIONS[0], ports);
    if (probe.kind === 'modern') return probe.server;
    ports.note(new Error(`server/discover probe: ${probe.reason}; using initialize`));
    return fromInitialize(await ports.initialize(legacyVersion));
  }
  const { pin } = mode;
  if (isSupportedLegacyVersion(pin)) {
    const result = await ports.initialize(pin);
    if (result.protocolVersion !== pin) {
      throw new VersionNegotiationError(
        `Pinned protocol ${pin}, but the server answered ${result.protocolVersion}`,
        [result.protocolVersion],
        pin,
      );
    }
    return fromInitialize(result);
  }
  if (!isModernVersion(pin)) {
    throw new VersionNegotiationError(
      `Pinned protocol ${pin} is not a revision this client speaks`,
      [],
      pin,
    );
  }
  const probe = await probeDiscover(pin, ports, pin);
  if (probe.kind === 'modern') return probe.server;
  throw new VersionNegotiationError(
    `Pinned protocol ${pin}, but the server does not speak it (${probe.reason})`,
    probe.supported ?? [],
    pin,
  );
}

async function probeDiscover(first: string, ports: NegotiationPorts, pin?: string): Promise<Probe> {
  let version = first;
  for (let attempt = 1; ; attempt++) {
    let result: unknown;
    try {
      result = await ports.discover(version);
    } catch (error) {
      if (error instanceof McpAuthError) throw error; // authorization failed: no era question
      const supported = unsupportedVersionList(error);
      if (supported === undefined) {
        if (isModernError(error)) throw error;
        if (error instanceof RequestTimeoutError) throw silentServer(error, version, pin);
        if (error instanceof TransportError && !REAL_ANSWERS.has(error.kind)) throw error;
        return { kind: 'legacy', reason: error instanceof Error ? error.message : String(error) };
      }
      const next = pin ?? pickModernVersion(supported);
      if (next !== undefined && supported.includes(next) && attempt === 1) {
        version = next;
        continue;
      }
      return choose(supported, version, 'rejected the revision with -32022');
    }
    const parsed = DiscoverResultSchema.safeParse(result);
    if (!parsed.success) {
      return { kind: 'legacy', reason: `malformed result (${describeIssues(parsed.error)})` };
    }
    const offered = parsed.data.supportedVersions;
    const chosen = pin ?? pickModernVersion(offered);
    if (chosen !== undefined && offered.includes(chosen)) {
      return { kind: 'modern', server: fromDiscover(parsed.data, chosen) };
    }
    return choose(offered, version, 'offers no modern revision this client speaks');
  }
}

/** Transport failures that carry the server's answer (a status, a reply that is not MCP). */
const REAL_ANSWERS = new Set<TransportError['kind']>(['http', 'protocol']);

/** The probe got no answer in time: say which limit ran out and how to change it. */
function silentServer(
  error: RequestTimeoutError,
  requested: string,
  pin: string | undefined,
): VersionNegotiationError {
  const limit = pin === undefined ? 'probeTimeoutMs' : 'requestTimeoutMs';
  const hint =
    pin === undefined
      ? `; a server slower than that needs a larger ${limit}, one that never answers server/discover needs versionNegotiation: 'legacy'`
      : `; raise ${limit} for a slower server`;
  return new VersionNegotiationError(
    `server/discover got no answer within ${error.timeoutMs} ms (${limit}, authorization time not counted)${hint}`,
    [],
    requested,
    { cause: error },
  );
}

/** A server that named its revisions but none modern we speak: legacy if it can, else an error. */
function choose(supported: string[], requested: string, why: string): Probe {
  if (offersLegacyVersion(supported)) return { kind: 'legacy', reason: why, supported };
  throw new VersionNegotiationError(
    `The server ${why} and no legacy one either (it supports ${supported.join(', ') || 'nothing'})`,
    supported,
    requested,
  );
}
